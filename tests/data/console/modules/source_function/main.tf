variable "env" {
  type    = string
  const   = true
  default = "DEV"
}
module "child" {
  source = "./mods/${lower(var.env)}"
}
output "o" { value = module.child.out }
