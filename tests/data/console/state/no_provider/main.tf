# Hand-edited after apply: terraform_data.old has no "provider" in the state. Terraform
# drops such a resource as it reads the state: it is not created yet.
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
