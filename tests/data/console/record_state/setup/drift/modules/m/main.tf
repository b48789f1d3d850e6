variable "n" {
  type = number
}
resource "terraform_data" "inner" {
  input = "inner-${var.n}"
}
output "v" {
  value = terraform_data.inner.output
}
