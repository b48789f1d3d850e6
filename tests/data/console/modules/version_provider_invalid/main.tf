terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> x"
    }
  }
}

locals {
  unrelated = "u"
}
