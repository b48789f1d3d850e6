resource "terraform_data" "a" {
  provider = "terraform"
}

locals {
  unrelated = "u"
}
