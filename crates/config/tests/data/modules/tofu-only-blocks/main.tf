terraform {
  encryption {
  }
}

variable "ignore_nested_deprecations" {
  default = true
}

locals {
  u = "u"
}
