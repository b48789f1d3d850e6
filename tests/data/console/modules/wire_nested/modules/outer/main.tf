variable "ext" {
  type    = any
  default = null
}

module "g1" {
  source = "../m"
  name   = "g1"
  in     = module.g2.const
}

module "g2" {
  source = "../m"
  name   = "g2"
  in     = module.g1.const
}

output "g1_echo" {
  value = module.g1.echo
}

output "g2_empty" {
  value = module.g2.empty
}

output "g1_res" {
  value = module.g1.res
}

output "ext" {
  value = var.ext
}

output "fixed" {
  value = "fixed"
}
