d_auto_later = "b.auto.tfvars"
f_var_file   = "b.auto.tfvars"
g_var        = "b.auto.tfvars"
