module "outer" {
  source = "./modules/outer"
}

locals {
  unrelated = "u"
}
