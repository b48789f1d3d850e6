resource "terraform_data" "1a" {
}

locals {
  unrelated = "u"
}
