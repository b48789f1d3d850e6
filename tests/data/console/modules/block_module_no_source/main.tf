module "m" {
}

locals {
  unrelated = "u"
}
