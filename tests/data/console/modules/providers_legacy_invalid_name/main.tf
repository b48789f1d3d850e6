terraform {
  required_providers {
    my_prov = "~> 1.0"
  }
}

locals {
  unrelated = "u"
}
