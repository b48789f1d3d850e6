variable "s" {
  default   = "x"
  ephemeral = true
}
locals {
  u = var.s
}

locals {
  unrelated = "u"
}
