module "m" {
  source   = "./modules/m"
  for_each = ["a"]
  name     = "m"
}

module "n" {
  source = "./modules/m"
  name   = "n"
  in     = module.m["a"].const
}

locals {
  unrelated = "u"
  via       = module.m
  via_len   = length(module.m)
  via_n     = module.n.const
}
