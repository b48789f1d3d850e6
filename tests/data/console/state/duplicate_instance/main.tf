# Hand-edited after apply: the one instance of terraform_data.old is listed twice, which
# Terraform refuses as it reads the state.
resource "terraform_data" "old" {
  input = "v1"
}
