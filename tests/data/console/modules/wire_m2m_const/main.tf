module "a" {
  source = "./modules/m"
  name   = "a"
  in     = module.b.const
}

module "b" {
  source = "./modules/m"
  name   = "b"
  in     = module.a.const
}

locals {
  both = [module.a.echo, module.b.echo]
}

output "a_echo" {
  value = module.a.echo
}
