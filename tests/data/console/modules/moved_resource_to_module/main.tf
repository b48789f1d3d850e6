resource "terraform_data" "a" {}

moved {
  from = terraform_data.a
  to   = module.x
}

locals {
  a = 1
}
