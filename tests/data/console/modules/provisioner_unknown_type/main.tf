resource "terraform_data" "a" {
  provisioner "nope" {}
}

resource "terraform_data" "b" {
  provisioner "nope" {}
  provisioner "other" {}
  provisioner "local-exec" {
    command = "echo"
  }
  provisioner "file" {
    source      = "a"
    destination = "b"
  }
  provisioner "remote-exec" {
    inline = ["x"]
  }
}

locals {
  unrelated = "u"
}
