terraform {
  required_providers {
    aws = ["x"]
  }
}

locals {
  unrelated = "u"
}
