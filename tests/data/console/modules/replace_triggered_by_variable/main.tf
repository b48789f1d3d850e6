variable "x" {
  default = true
}

resource "terraform_data" "a" {
  lifecycle {
    replace_triggered_by = [var.x]
  }
}

locals {
  a = 1
}
