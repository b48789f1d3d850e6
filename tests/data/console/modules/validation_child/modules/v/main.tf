variable "name" {
  type = string
  validation {
    condition     = length(var.name) > 3
    error_message = "The name must be longer than 3 characters."
  }
}

variable "other" {
  type    = string
  default = "o"
}

locals {
  upper = upper(var.name)
}

output "name" {
  value = var.name
}

output "upper" {
  value = local.upper
}

output "other" {
  value = var.other
}
