resource "terraform_data" "a" {}
output "o" {
  value = terraform_data.a.nope
}
