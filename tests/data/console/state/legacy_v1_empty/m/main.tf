variable "n" {}
resource "terraform_data" "r" { input = var.n }
output "o" { value = terraform_data.r.output }
output "s" {
  value = "secret-${var.n}"
  sensitive = true
}
