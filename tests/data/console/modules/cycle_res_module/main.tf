resource "terraform_data" "t" {
  input = module.m.echo
}

module "m" {
  source = "./modules/m"
  name   = "m"
  in     = terraform_data.t.output
}

locals {
  unrelated = "u"
}
