locals {
  p = "${path.module}/mods/dev"
}
module "child" {
  source = local.p
}
