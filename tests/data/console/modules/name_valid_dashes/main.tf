variable "_x-y" {
  default = "v"
}

resource "terraform_data" "r-1" {
  input = var._x-y
}

output "o-1" {
  value = terraform_data.r-1.input
}

locals {
  unrelated = "u"
}
