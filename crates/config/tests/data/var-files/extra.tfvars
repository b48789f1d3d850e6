from_var_file = "extra.tfvars"
from_var      = "extra.tfvars"
