resource "terraform_data" "a" {
  lifecycle {
    ignore_changes = [upper("x")]
  }
}

locals {
  unrelated = "u"
}
