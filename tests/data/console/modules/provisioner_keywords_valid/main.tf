resource "terraform_data" "a" {
  provisioner "local-exec" {
    command    = "echo"
    when       = create
    on_failure = continue
  }

  provisioner "local-exec" {
    command    = "echo ${self.id}"
    when       = destroy
    on_failure = fail
  }
}

locals {
  unrelated = "u"
}
