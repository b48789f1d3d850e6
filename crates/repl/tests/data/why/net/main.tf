variable "cidr" {
  type = string
}

variable "tag" {
  type = string
}

resource "terraform_data" "vpc" {
  input = var.cidr
}

locals {
  vpc = terraform_data.vpc.id
}

output "vpc_id" {
  value = local.vpc
}

output "cidr" {
  value = var.cidr
}

output "tag" {
  value = "vpc-${var.tag}"
}
