resource "terraform_data" "x" {
  input = 5
}
output "x" {
  value = terraform_data.x.output
}
