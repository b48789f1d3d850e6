f_var_file      = "extra.tfvars"
g_var           = "extra.tfvars"
h_var_then_file = "extra.tfvars"
