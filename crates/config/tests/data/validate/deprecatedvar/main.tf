variable "a" {
  default = "x"
  deprecated = "use b"
}
locals {
  b = var.a
}
