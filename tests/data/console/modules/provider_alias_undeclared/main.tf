resource "terraform_data" "a" {
  provider = terraform.alt
}

data "terraform_remote_state" "r" {
  provider = terraform.alt
  backend  = "local"
}

provider "terraform" {
  alias = "other"
}

resource "terraform_data" "fine" {
  provider = terraform.other
}

module "c" {
  source = "./modules/c"
}

locals {
  unrelated = "u"
}
