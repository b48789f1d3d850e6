resource "terraform_data" "b" {}

locals {
  a = 1
}
