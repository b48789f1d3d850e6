resource "terraform_data" "x" {
  input = "dev"
}
module "child" {
  source = "./mods/${terraform_data.x.input}"
}
