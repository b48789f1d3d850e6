resource "terraform_data" "a" {
  provisioner "local-exec" {
    command    = "echo"
    when       = later
    on_failure = maybe
  }

  provisioner "local-exec" {
    command    = "echo"
    when       = "destroy"
    on_failure = 1
  }
}

locals {
  unrelated = "u"
}
