variable "x" {
  type    = "string"
  default = "a"
}

locals {
  unrelated = "u"
}
