variable "1a" {
  default = 1
}

locals {
  unrelated = "u"
}
