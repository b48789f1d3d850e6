variable "in" {
}
output "o" {
  value = var.in
}
