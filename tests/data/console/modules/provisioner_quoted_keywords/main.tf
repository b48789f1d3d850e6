resource "terraform_data" "a" {
  provisioner "local-exec" {
    command    = "echo"
    when       = "destroy"
    on_failure = "continue"
  }
}

locals {
  a = 1
}
