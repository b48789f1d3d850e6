variable "db_password" {
  type      = string
  sensitive = true
  default   = "hunter2"
}

variable "env" {
  type    = string
  default = "dev"
}

variable "port" {
  type    = number
  default = 80
}

variable "owner" {
  type    = string
  default = null
}

resource "terraform_data" "subnet" {
  count = 2
  input = "10.0.${count.index}.0/24"
}

locals {
  subnet_ids = [terraform_data.subnet[0].id, var.db_password]
  names      = [for s in terraform_data.subnet : upper(s.id)]
  greeting   = "Hello, ${var.env}: ${terraform_data.subnet[0].output}"
  dsn        = var.env == "prod" ? "sqlite://local" : local.secret_url
  picked     = terraform_data.subnet[0].id == "" ? "a" : "b"
  secret_url = "postgres://admin:${var.db_password}@db"
  encoded    = jsonencode({ id = terraform_data.subnet[1].id })
  known      = "${var.env}-${var.port}"
  maybe      = var.owner
}

module "net" {
  source = "./net"
  cidr   = "10.${var.port}.0.0/16"
  tag    = terraform_data.subnet[0].id
}

output "vpc_id" {
  value = module.net.vpc_id
}
