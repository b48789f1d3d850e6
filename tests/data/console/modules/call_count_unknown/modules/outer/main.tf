resource "terraform_data" "y" {
  input = 1
}

module "inner" {
  source = "../m"
  count  = terraform_data.y.output
  name   = "inner"
}

output "inner" {
  value = module.inner
}

output "fixed" {
  value = "fixed"
}
