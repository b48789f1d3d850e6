variable "name" {
  type = string
}

variable "in" {
  type    = any
  default = null
}

resource "terraform_data" "r" {
  input = var.in
}

output "const" {
  value = "const-${var.name}"
}

output "echo" {
  value = var.in
}

output "empty" {
  value = {}
}

output "res" {
  value = terraform_data.r.output
}

output "id" {
  value = terraform_data.r.id
}
