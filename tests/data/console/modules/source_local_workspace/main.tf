locals {
  dir = "./mods/${terraform.workspace}"
  p   = "${path.module}/mods/dev"
}
module "child" {
  source = local.dir
}
module "child2" {
  source = local.p
}
