variable "y" {
  default = "d"
}
variable "x" {
  description = var.y
  default     = 1
}

locals {
  unrelated = "u"
}
