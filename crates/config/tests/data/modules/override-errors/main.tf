variable "flag" {
  default = "not a number"
}

resource "aws_instance" "web" {
  ami = "ami-1"
}

output "x" {
  value = 1
}
