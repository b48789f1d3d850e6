variable "region" {
  type    = string
  default = "us-east-1"
}

variable "instance_count" {
  type    = number
  default = 2
}

variable "port" {
  type    = number
  default = 8080

  validation {
    condition     = var.port > 1024
    error_message = "The port must be above 1024."
  }
}

variable "db_password" {
  type      = string
  default   = "hunter2"
  sensitive = true
}

locals {
  name  = "web-${var.region}"
  zones = [for i in range(var.instance_count) : "${var.region}${["a", "b", "c"][i]}"]
  tags  = { Name = local.name, Env = "prod" }
}

resource "terraform_data" "server" {
  count = var.instance_count
  input = {
    name = "${local.name}-${count.index}"
    zone = local.zones[count.index]
  }
}

module "net" {
  source = "./modules/net"
  cidr   = "10.0.0.0/16"
  name   = local.name
}

output "server_ids" {
  value = terraform_data.server[*].id
}

output "subnets" {
  value = module.net.subnets
}

locals {
  connection = "postgres://admin:${var.db_password}@${terraform_data.server[0].id}:5432"
}
