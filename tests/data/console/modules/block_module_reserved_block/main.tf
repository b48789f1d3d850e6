module "m" {
  source = "./c"
  lifecycle {
  }
}

locals {
  unrelated = "u"
}
