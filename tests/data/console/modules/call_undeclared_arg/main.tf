module "m" {
  source = "./modules/m"
  name   = "m"
  region = "eu-west-1"
}

locals {
  unrelated = "u"
}
