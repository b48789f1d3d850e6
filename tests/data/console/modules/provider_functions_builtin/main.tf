terraform {
  required_providers {
    terraform = {
      source = "terraform.io/builtin/terraform"
    }
  }
}
locals {
  enc = provider::terraform::encode_tfvars({name = "x", n = 1})
}
