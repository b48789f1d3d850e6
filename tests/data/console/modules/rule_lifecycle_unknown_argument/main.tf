resource "terraform_data" "a" {
  lifecycle {
    foo = 1
  }
}

locals {
  unrelated = "u"
}
