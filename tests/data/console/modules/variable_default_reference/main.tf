variable "y" {
  default = "a"
}

variable "x" {
  default = var.y
}

locals {
  unrelated = "u"
}
