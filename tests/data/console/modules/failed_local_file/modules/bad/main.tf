variable "in" {
  type    = string
  default = "i"
}

locals {
  broken = file("${path.module}/missing.txt")
}

output "broken" {
  value = local.broken
}

output "fine" {
  value = "fine-${var.in}"
}
