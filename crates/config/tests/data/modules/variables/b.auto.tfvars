from_auto = "b.auto.tfvars"
