# Hand-edited after apply: the state names hashicorp/null as the provider of
# terraform_data.old. Terraform types a resource by its configuration's provider.
resource "terraform_data" "old" { input = "v1" }
module "m" {
  source = "./m"
  count = 2
  n = count.index
}
resource "terraform_data" "e" {
  for_each = {a = 1, b = 2}
  input = each.value
}
