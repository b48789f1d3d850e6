variable "env" {
  type    = string
  const   = true
  default = "dev"
}
module "child" {
  source = "./mods/${var.env}"
  name   = upper(var.env)
}
output "o" { value = module.child.out }
