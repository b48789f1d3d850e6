variable "x" {
  type = list(number)
}

locals {
  unrelated = "u"
}
