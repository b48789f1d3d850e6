resource "terraform_data" "b" {}

resource "terraform_data" "a" {
  provisioner "local-exec" {
    command = "echo ${terraform_data.b.id}"
    when    = destroy
  }
}

locals {
  a = 1
}
