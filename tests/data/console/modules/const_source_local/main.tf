variable "env" {
  type    = string
  const   = true
  default = "dev"
}
locals {
  l = { dir = "./mods/${var.env}" }
}
module "child" {
  source = local.l.dir
  name   = var.env
}
