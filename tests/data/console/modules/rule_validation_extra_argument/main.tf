variable "x" {
  default = 1
  validation {
    condition     = var.x > 0
    error_message = "m"
    foo           = 1
  }
}

locals {
  unrelated = "u"
}
