module "outer" {
  source = "./modules/outer"
  ext    = terraform_data.t.id
}

resource "terraform_data" "t" {
  input = module.outer.fixed
}
