variable "seed" {
  type    = string
  default = "s"
}

module "m" {
  source = "./modules/m"
  name   = "m"
  in     = var.seed
}

resource "terraform_data" "t" {
  input = module.m.echo
}

module "n" {
  source = "./modules/m"
  name   = "n"
  in     = terraform_data.t.input
}
