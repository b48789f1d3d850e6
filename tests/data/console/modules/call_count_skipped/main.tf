locals {
  unrelated = "u"
  f         = tonumber("x")
  via       = module.m
}

module "m" {
  source = "./modules/m"
  count  = local.f
  name   = "m"
}
