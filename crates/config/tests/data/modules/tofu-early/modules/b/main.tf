variable "label" {
  type = string
}

output "name" {
  value = "module b (${var.label})"
}
