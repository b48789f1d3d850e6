variable "s" {
  default = "x"
  sensitive = true
}
output "o" {
  value = var.s
}
