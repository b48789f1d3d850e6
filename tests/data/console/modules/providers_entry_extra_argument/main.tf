terraform {
  required_providers {
    aws = {
      source = "hashicorp/aws"
      foo    = 1
    }
  }
}

locals {
  unrelated = "u"
}
