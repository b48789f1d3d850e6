variable "v" {
  type     = object({ a = string })
  nullable = false
  default  = null
}

locals {
  unrelated = "u"
}
