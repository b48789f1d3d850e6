variable "x" {
  type = string
}

locals {
  unrelated = "u"
}
