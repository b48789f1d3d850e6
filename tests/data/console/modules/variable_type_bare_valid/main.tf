variable "l" {
  type    = list
  default = [1, 2]
}

variable "m" {
  type    = map
  default = { a = "x" }
}

locals {
  unrelated = "u"
}
