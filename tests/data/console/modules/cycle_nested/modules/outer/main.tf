module "g1" {
  source = "../m"
  name   = "g1"
  in     = module.g2.echo
}

module "g2" {
  source = "../m"
  name   = "g2"
  in     = module.g1.echo
}

output "fixed" {
  value = "fixed"
}
