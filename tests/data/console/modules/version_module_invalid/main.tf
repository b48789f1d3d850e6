module "m" {
  source  = "hashicorp/consul/aws"
  version = "abc"
}

locals {
  unrelated = "u"
}
