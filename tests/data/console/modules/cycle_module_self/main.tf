module "a" {
  source = "./modules/m"
  name   = "a"
  in     = module.a.echo
}

locals {
  unrelated = "u"
}
