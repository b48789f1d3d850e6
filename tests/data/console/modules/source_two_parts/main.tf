# Two parts are not a registry address (namespace/name/system).
module "vpc" {
  source = "modules/vpc"
}

locals {
  a = 1
}
