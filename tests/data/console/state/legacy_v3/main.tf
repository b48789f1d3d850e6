# A hand-written format 3 state (Terraform 0.11): Terraform upgrades it as it reads it; its
# flat instance attributes only a provider could type, so those instances fail alone.
resource "terraform_data" "old" {
  input = "v1"
}
resource "terraform_data" "n" {
  count = 2
  input = "v1"
}
output "o" {
  value = "x"
}
