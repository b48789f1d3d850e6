from_tfvars   = "terraform.tfvars"
from_auto     = "terraform.tfvars"
from_var_file = "terraform.tfvars"
from_var      = "terraform.tfvars"
not_nullable  = null
undeclared    = "x"
