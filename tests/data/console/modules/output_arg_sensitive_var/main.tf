variable "x" {
  default = true
}

output "o" {
  value     = 1
  sensitive = var.x
}

locals {
  unrelated = "u"
}
