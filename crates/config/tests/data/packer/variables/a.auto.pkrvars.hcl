region     = "eu-west-1"
ami_prefix = "from-a"
undeclared = "ignored, as Packer does"
