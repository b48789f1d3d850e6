resource "terraform_data" "x" {
  input = "dev"
}
locals {
  dir = "./mods/${terraform_data.x.input}"
}
module "child" {
  source = local.dir
}
