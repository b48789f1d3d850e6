terraform {
  required_version = ">= 1.0"
  required_providers {
    terraform = {
      source                = "terraform.io/builtin/terraform"
      configuration_aliases = [terraform.west]
    }
  }
}

locals {
  unrelated = "u"
}
