variable "a" {
  default = "x"
}
locals {
  b = "${var.a}"
}
