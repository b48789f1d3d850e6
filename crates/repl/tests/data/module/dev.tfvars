region    = "us-east-1"
instances = 2
