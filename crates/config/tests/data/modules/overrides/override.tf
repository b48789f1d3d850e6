resource "aws_instance" "web" {
  ami = "foo"
}

variable "port" {
  type = number
}

locals {
  target = "override"
}
