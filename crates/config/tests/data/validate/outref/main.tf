output "o" {
  value = terraform_data.nope.id
}
