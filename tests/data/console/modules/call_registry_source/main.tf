module "r" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.0.0"
  name    = "x"
}

locals {
  unrelated = "u"
}
