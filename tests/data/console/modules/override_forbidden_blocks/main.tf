variable "v" {
  default = "b"

  validation {
    condition     = var.v == "b"
    error_message = "x"
  }
}

resource "terraform_data" "a" {}

locals {
  unrelated = "u"
}
