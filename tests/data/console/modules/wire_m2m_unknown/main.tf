module "a" {
  source = "./modules/m"
  name   = "a"
  in     = module.b.res
}

module "b" {
  source = "./modules/m"
  name   = "b"
  in     = module.a.const
}

output "a_echo" {
  value = module.a.echo
}
