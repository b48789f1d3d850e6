module "m" {
  source   = "./modules/m"
  for_each = toset([1, 2])
  name     = "m"
}

locals {
  unrelated = "u"
  via       = module.m
}
