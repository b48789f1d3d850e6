module "m" {
  source    = "./c"
  providers = ["x"]
}

locals {
  unrelated = "u"
}
