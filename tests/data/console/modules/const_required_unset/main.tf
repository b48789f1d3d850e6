variable "env" {
  type  = string
  const = true
}
module "child" {
  source = "./mods/${var.env}"
}
