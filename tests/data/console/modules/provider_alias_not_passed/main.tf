module "c" {
  source = "./modules/c"
}

locals {
  unrelated = "u"
}
