variable "v" {
  type     = string
  nullable = false
  default  = null
}

locals {
  unrelated = "u"
}
