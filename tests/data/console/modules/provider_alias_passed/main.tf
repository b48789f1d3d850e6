terraform {
  required_providers {
    terraform = {
      source = "terraform.io/builtin/terraform"
    }
  }
}

provider "terraform" {
  alias = "x"
}

module "c" {
  source    = "./modules/c"
  providers = { terraform.alt = terraform.x }
}

locals {
  unrelated = "u"
}
