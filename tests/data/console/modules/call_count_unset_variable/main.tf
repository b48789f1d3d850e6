variable "n" {
  type = number
}

module "m" {
  source = "./modules/m"
  count  = var.n
  name   = "m"
}

locals {
  unrelated = "u"
  via       = module.m
}
