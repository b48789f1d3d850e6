variable "cidr" {
  type = string
}

variable "name" {
  type = string
}

output "subnets" {
  value = [for i in range(3) : cidrsubnet(var.cidr, 8, i)]
}

output "tag" {
  value = "${var.name}-net"
}
