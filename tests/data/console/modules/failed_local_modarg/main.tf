locals {
  f         = file("missing.txt")
  unrelated = "u"
}

module "m" {
  source = "./modules/m"
  name   = "m"
  in     = local.f
}

module "n" {
  source = "./modules/m"
  name   = "n"
}
