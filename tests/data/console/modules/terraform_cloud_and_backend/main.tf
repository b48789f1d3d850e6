terraform {
  cloud {
    organization = "x"

    workspaces {
      name = "y"
    }
  }

  backend "local" {}
}

locals {
  unrelated = "u"
}
