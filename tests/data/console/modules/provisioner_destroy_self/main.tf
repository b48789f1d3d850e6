resource "terraform_data" "a" {
  count = 2

  provisioner "local-exec" {
    command     = "echo ${self.id} ${count.index} ${path.module} ${terraform.workspace}"
    working_dir = path.root
    when        = destroy
    on_failure  = continue

    connection {
      host = self.id
    }
  }

  provisioner "local-exec" {
    command = "echo ${var.v}"
  }
}

variable "v" {
  default = "x"
}

locals {
  a = 1
}
