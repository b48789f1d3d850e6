module "m" {
  source  = "./modules/m"
  version = "1.0.0"
  name    = "m"
}

locals {
  unrelated = "u"
}
