resource "terraform_data" "a" {
  provider = terraform.alt
}

output "o" {
  value = 1
}
