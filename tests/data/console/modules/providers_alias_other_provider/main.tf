terraform {
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      configuration_aliases = [google.west]
    }
  }
}

locals {
  unrelated = "u"
}
