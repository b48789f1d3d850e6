h_var_then_file = "later.tfvars"
