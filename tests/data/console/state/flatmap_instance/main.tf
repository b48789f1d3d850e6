# Hand-edited after apply: terraform_data.old has `attributes_flat` (the state format of
# Terraform before 0.12) instead of `attributes`. Only references to that instance fail.
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
