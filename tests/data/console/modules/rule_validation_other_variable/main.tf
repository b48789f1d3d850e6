variable "port" {
  default = 80
  validation {
    condition     = var.other > 0
    error_message = "m"
  }
}

variable "other" {
  default = 1
}

locals {
  unrelated = "u"
}
