resource "terraform_data" "a" {
  provisioner "chef" {
    node_name = "x"
  }
}

locals {
  a = 1
}
