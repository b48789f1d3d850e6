module "m" {
  source = "./modules/m"
  name   = "m"

  foo {}
  in {}
}

locals {
  unrelated = "u"
}
