module "x" {
  source = "./modules/svc"
  name   = "plain"
}

module "y" {
  source = "./modules/svc"
  count  = 2
  name   = "counted-${count.index}"
}

module "z" {
  source   = "./modules/svc"
  for_each = { a = "alpha", b = "beta" }
  name     = each.value
}

resource "terraform_data" "root" {
  input = module.x.out
}

locals {
  all_names = concat([module.x.out.name], module.y[*].out.name, [for k, m in module.z : m.out.name])
  z_ids     = { for k, m in module.z : k => m.id }
}

output "x_out" {
  value = module.x.out
}
output "leaf" {
  value = module.x.leaf
}
