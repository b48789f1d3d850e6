module "a" {
  source = "./modules/m"
  name   = "a"
  in     = module.a.const
}
