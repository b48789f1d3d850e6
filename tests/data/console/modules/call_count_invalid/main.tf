module "m" {
  source = "./modules/m"
  count  = "x"
  name   = "m"
}

module "n" {
  source = "./modules/m"
  name   = "n"
  in     = module.m[0].const
}

locals {
  unrelated = "u"
  via       = module.m
  via_len   = length(module.m)
  via_n     = module.n.const
}
