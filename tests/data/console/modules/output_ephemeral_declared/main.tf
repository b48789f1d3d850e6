module "m" {
  source = "./c"
}

locals {
  u     = "u"
  via   = module.m.o
  whole = module.m
}
