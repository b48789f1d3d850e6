removed {
  from = terraform_data.a

  provisioner "local-exec" {
    command = "echo"
  }
}

locals {
  a = 1
}
