variable "label" {
  type = string
}

output "name" {
  value = "module a (${var.label})"
}
