locals {
  f         = tonumber("x")
  g         = "g-${local.f}"
  h         = length(local.g)
  unrelated = "u"
  via_out   = module.bad.broken
  via_input = module.uses_bad.echo
  via_const = module.uses_bad.const
}

module "bad" {
  source = "./modules/bad"
}

module "uses_bad" {
  source = "./modules/m"
  name   = "n"
  in     = module.bad.broken
}

resource "terraform_data" "r" {
  input = local.f
}

output "o" {
  value = local.f
}

output "bad_out" {
  value = module.bad.broken
}
