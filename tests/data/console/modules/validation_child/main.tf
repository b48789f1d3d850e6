module "v" {
  source = "./modules/v"
  name   = "ab"
}

locals {
  via_name  = module.v.name
  via_other = module.v.other
  unrelated = "u"
}
