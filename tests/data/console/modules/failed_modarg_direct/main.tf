module "m" {
  source = "./modules/m"
  name   = "m"
  in     = tonumber("x")
}

locals {
  unrelated = "u"
}
