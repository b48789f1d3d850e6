ami_prefix = "from-b"
