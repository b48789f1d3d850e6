resource "terraform_data" "x" {
  input = "a"
}

module "m" {
  source   = "./modules/m"
  for_each = toset([terraform_data.x.output])
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
