variable "x" {
  default = 1
  validation {
    condition = var.x > 0
  }
}

locals {
  unrelated = "u"
}
