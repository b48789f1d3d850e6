locals {
  f         = tonumber("x")
  g         = "g-${local.f}"
  unrelated = "u"
}

module "m" {
  source = "./modules/m"
  name   = "m"
  in     = local.g
}
