removed {
  from = terraform_data.a

  lifecycle {
    destroy = "maybe"
  }
}

removed {
  from = terraform_data.b

  provisioner "local-exec" {
    when    = create
    command = "x"
  }

  provisioner "local-exec" {
    command = "y"
  }
}

removed {
  from = terraform_data.c

  lifecycle {
    destroy = "false"
  }

  provisioner "local-exec" {
    when    = destroy
    command = "echo ${self.id}"
  }
}

locals {
  unrelated = "u"
}
