module "m" {
  source    = "./c"
  providers = {
    terraform = upper("x")
  }
}

locals {
  unrelated = "u"
}
