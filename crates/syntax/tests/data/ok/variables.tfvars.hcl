region         = "us-east-1"
instance_count = 3
azs            = ["us-east-1a", "us-east-1b"]
tags = {
  Environment = "prod"
  "kubernetes.io/cluster/main" = "shared"
}
