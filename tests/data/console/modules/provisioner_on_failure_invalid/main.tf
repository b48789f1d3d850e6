resource "terraform_data" "a" {
  provisioner "local-exec" {
    command    = "echo"
    on_failure = maybe
  }
}

locals {
  a = 1
}
