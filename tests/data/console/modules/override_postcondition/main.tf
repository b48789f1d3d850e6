resource "terraform_data" "b" {
  input = 1
}

locals {
  a = 1
}
