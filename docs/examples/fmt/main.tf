variable "region" {
type = "string"
default="eu-west-1"
}

resource "aws_instance" "web" {
  ami = "ami-123"   # the base image
  instance_type="t3.micro"
  tags = {
    Name = "${var.region}"
  }
}
