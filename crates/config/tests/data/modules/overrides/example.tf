resource "aws_instance" "web" {
  instance_type = "t2.micro"
  ami           = "ami-408c7f28"

  ebs_block_device {
    device_name = "/dev/sda1"
  }
  ebs_block_device {
    device_name = "/dev/sdb"
  }
  network_interface {
    device_index = 0
  }
  lifecycle {
    create_before_destroy = true
    ignore_changes        = [tags]
  }
}

variable "port" {
  type    = string
  default = "8080"
}

variable "names" {
  type    = list(string)
  default = ["a"]
}

locals {
  greeting = "hello"
  target   = "world"
}

locals {
  message = "${local.greeting}, ${local.target}"
}

output "ami" {
  value = aws_instance.web.ami
}

output "port_type" {
  value = var.port + 1
}

output "message" {
  value = local.message
}

output "names" {
  value = var.names
}

output "devices" {
  value = aws_instance.web.ebs_block_device[*].device_name
}
