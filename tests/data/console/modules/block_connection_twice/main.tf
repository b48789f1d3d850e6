resource "terraform_data" "a" {
  connection {
    host = "a"
  }
  connection {
    host = "b"
  }
}

locals {
  unrelated = "u"
}
