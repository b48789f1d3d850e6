variable "index" {
  type = number
}

output "double" {
  value = var.index * 2
}

output "name" {
  value = "m-${var.index}"
}
