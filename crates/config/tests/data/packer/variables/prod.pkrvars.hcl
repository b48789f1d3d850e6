instance_type = "m5.large"
