variable "env" {
  type    = string
  const   = true
  default = "dev"
}
variable "other" {
  default = "x"
}
locals {
  both = "${var.env}${var.other}"
}
module "child" {
  source = "./mods/${local.both}"
}
