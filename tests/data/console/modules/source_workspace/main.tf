module "child" {
  source = "./mods/${terraform.workspace == "default" ? "dev" : "x"}"
}
