variable "env" {
  type    = string
  const   = true
  default = "dev"
}
module "child" {
  source  = "./mods/${var.env}"
  version = "1.0.0"
}
