terraform {
  required_providers {
    aws = {
      source = "hashicorp//aws"
    }
  }
}

locals {
  unrelated = "u"
}
