resource "terraform_data" "t" {
  input = module.m.const
}

module "m" {
  source = "./modules/m"
  name   = "m"
  in     = terraform_data.t.id
}

locals {
  from_mod = module.m.empty
}

output "t_input" {
  value = terraform_data.t.input
}
