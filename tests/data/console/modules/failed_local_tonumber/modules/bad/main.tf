variable "in" {
  type    = string
  default = "i"
}

locals {
  broken = tonumber("y")
}

output "broken" {
  value = local.broken
}

output "fine" {
  value = "fine-${var.in}"
}
