variable "env" {
  type  = string
  const = true
}
module "b" {
  source = "../mods/${var.env}"
}
output "o" { value = module.b.out }
