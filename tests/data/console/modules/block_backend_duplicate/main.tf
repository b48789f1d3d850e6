terraform {
  backend "local" {
  }
  backend "local" {
  }
}

locals {
  unrelated = "u"
}
