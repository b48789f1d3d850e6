resource "terraform_data" "a" {
  lifecycle {
  }
  lifecycle {
  }
}

locals {
  unrelated = "u"
}
