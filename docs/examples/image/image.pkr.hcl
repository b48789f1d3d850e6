variable "version" {
  type    = string
  default = "1.0.0"
}

locals {
  name = "app-${var.version}"
}

source "null" "base" {
  communicator = "none"
}

build {
  name    = "app"
  sources = ["source.null.base"]

  provisioner "shell-local" {
    inline = ["echo building ${local.name}"]
  }
}
