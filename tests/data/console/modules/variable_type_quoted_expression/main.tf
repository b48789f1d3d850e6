variable "q" {
  type    = "list(string)"
  default = []
}

locals {
  unrelated = "u"
}
