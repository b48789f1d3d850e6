module "child" {
  source = "${path.module}/mods/dev"
}
