variable "flag" {
  type = number
}

variable "missing" {
  default = 1
}

resource "aws_instance" "web" {
  depends_on = [aws_instance.other]
}

resource "aws_instance" "other" {
  ami = "ami-2"
}

locals {
  nothing = 1
}
