resource "terraform_data" "x" {
  input = 2
}

module "m" {
  source = "./modules/m"
  count  = terraform_data.x.output
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

module "outer" {
  source = "./modules/outer"
}
