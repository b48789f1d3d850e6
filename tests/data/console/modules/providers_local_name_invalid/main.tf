terraform {
  required_providers {
    My_Prov = {
      source = "hashicorp/aws"
    }
  }
}

locals {
  unrelated = "u"
}
