import {
  to = terraform_data.a
}
resource "terraform_data" "a" {
}

locals {
  unrelated = "u"
}
