variable "count" {
  default = 1
}

locals {
  unrelated = "u"
}
