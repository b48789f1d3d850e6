terraform {
  cloud {
    organization = "x"
    workspaces {
      name = "y"
    }
  }
}

locals {
  a = 1
}
