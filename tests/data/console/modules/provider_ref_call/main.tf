resource "terraform_data" "a" {
  provider = upper("x")
}

locals {
  unrelated = "u"
}
