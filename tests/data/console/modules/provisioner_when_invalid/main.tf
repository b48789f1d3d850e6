resource "terraform_data" "a" {
  provisioner "local-exec" {
    command = "echo"
    when    = later
  }
}

locals {
  a = 1
}
