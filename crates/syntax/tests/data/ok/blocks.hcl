terraform {
  required_version = ">= 1.0"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 5.0"
    }
  }
}

resource "aws_instance" "web" {
  count = 2
  ami   = var.ami

  tags = {
    Name = "web-${count.index}"
  }

  lifecycle { create_before_destroy = true }
  dynamic "ebs_block_device" {
    for_each = var.volumes
    content {
      device_name = ebs_block_device.value.name
    }
  }
}

locals {}
empty "label" unquoted {
}
