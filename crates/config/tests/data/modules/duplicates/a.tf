variable "x" {
  default = "crlf"
}

locals {
  y = var.x
}
