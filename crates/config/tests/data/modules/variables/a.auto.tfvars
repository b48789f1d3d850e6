from_auto     = "a.auto.tfvars"
from_var_file = "a.auto.tfvars"
