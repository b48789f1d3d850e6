variable "x" {
  default = "again"
}

locals {
  y = "again"
}

resource "aws_instance" "web" {}

output "y" {
  value = local.y
}
