module "m" {
  source = "./modules/m"
  count  = 1.5
  name   = "m"
}

locals {
  unrelated = "u"
  via       = module.m
}
