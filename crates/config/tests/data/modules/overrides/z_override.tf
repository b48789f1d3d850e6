resource "aws_instance" "web" {
  ebs_block_device {
    device_name = "/dev/xvdz"
  }
  lifecycle {
    create_before_destroy = false
  }
}

variable "names" {
  default = ["b", "c"]
}
