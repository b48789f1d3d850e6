module "1a" {
  source = "./child"
}

locals {
  unrelated = "u"
}
