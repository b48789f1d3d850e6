variable "env" {
  type    = string
  default = "dev"
}
module "child" {
  source = "./mods/${var.env}"
}
