resource "terraform_data" "a" {
  provider = terraform.a.b
}

locals {
  unrelated = "u"
}
