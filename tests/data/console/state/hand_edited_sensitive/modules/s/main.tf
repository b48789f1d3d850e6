variable "pw" {
  type      = string
  sensitive = true
}
resource "terraform_data" "pw" {
  input = var.pw
}
output "secret" {
  value     = terraform_data.pw.output
  sensitive = true
}
output "plain" {
  value = "plain"
}
output "obj" {
  value     = { pw = var.pw, u = "user" }
  sensitive = true
}
