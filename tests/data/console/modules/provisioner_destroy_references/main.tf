variable "v" {
  default = "x"
}

resource "terraform_data" "b" {}

resource "terraform_data" "a" {
  count = 1

  provisioner "local-exec" {
    command = "echo ${terraform_data.b.id} ${count.index} ${self.id} ${path.module} ${terraform.workspace}"
    when    = destroy

    connection {
      host = var.v
    }
  }
}

resource "terraform_data" "e" {
  for_each = { k = "v" }

  provisioner "local-exec" {
    when    = destroy
    command = "echo ${each.key} ${each.value} ${local.unrelated}"
  }
}

locals {
  unrelated = "u"
}
