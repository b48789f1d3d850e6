resource "terraform_data" "a" {
  lifecycle {
    precondition {
      condition = true
    }
  }
}

locals {
  unrelated = "u"
}
