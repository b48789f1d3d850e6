module "m" {
  source = "./modules/m"
  in     = "i"
}

locals {
  unrelated = "u"
}
