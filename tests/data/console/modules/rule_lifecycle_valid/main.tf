resource "terraform_data" "a" {
  input = "x"
  lifecycle {
    create_before_destroy = true
    prevent_destroy       = false
    ignore_changes        = all
  }
}

resource "terraform_data" "b" {
  input      = terraform_data.a.input
  depends_on = [terraform_data.a, "terraform_data.a"]
  lifecycle {
    ignore_changes = [input, "input"]
    precondition {
      condition     = terraform_data.a.input != ""
      error_message = "a needs an input"
    }
  }
}

locals {
  unrelated = "u"
}
