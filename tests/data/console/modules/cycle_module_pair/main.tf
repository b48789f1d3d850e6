module "a" {
  source = "./modules/m"
  name   = "a"
  in     = module.b.echo
}

module "b" {
  source = "./modules/m"
  name   = "b"
  in     = module.a.echo
}

locals {
  unrelated = "u"
}
