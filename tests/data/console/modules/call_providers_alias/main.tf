provider "terraform" {}

module "m" {
  source = "./modules/m"
  name   = "m"
  providers = {
    terraform = terraform.nope
  }
}

locals {
  unrelated = "u"
}
