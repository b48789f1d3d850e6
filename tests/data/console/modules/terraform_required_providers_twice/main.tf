terraform {
  required_providers {
    a = {
      source = "hashicorp/null"
    }
  }
}

locals {
  a = 1
}
