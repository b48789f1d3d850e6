variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "instances" {
  type = number
}

variable "tags" {
  type    = map(string)
  default = { team = "core" }
}

locals {
  name   = "web-${var.region}"
  labels = merge(var.tags, { name = local.name })
}

resource "aws_instance" "web" {
  count         = var.instances
  ami           = "ami-${count.index}"
  instance_type = "t2.micro"
  tags          = local.labels
}

output "name" {
  value = local.name
}

output "amis" {
  value = aws_instance.web[*].ami
}
