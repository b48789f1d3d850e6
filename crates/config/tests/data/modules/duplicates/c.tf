resource "aws_instance" "web" {}
