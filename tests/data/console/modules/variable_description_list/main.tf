variable "x" {
  description = []
  default     = 1
}

locals {
  unrelated = "u"
}
