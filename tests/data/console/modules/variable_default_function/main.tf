variable "x" {
  default = upper("a")
}

locals {
  unrelated = "u"
}
