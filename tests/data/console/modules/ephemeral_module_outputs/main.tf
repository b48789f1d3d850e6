variable "token" {
  default   = "secret"
  ephemeral = true
}
module "m" {
  source = "./c"
  in     = var.token
}
locals {
  u = "u"
}
