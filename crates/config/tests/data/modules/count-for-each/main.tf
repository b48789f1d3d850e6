variable "names" {
  type    = set(string)
  default = ["alpha", "beta"]
}

resource "aws_instance" "web" {
  count         = 2
  ami           = "ami-${count.index}"
  instance_type = "t2.micro"
}

resource "aws_instance" "named" {
  for_each = var.names
  ami      = each.key
  tags = {
    Name = "${each.key}-${each.value}"
  }
}

resource "aws_instance" "by_map" {
  for_each = { small = "t2.micro", large = "m5.large" }
  instance_type = each.value
}

resource "aws_instance" "none" {
  count = 0
}

resource "aws_instance" "unknown_count" {
  count = length(aws_instance.web[0].id)
}

data "aws_ami" "ubuntu" {
  most_recent = true
}

output "first_ami" {
  value = aws_instance.web[0].ami
}
output "first_id" {
  value = aws_instance.web[0].id
}
output "amis" {
  value = aws_instance.web[*].ami
}
output "named_tags" {
  value = { for k, v in aws_instance.named : k => v.tags.Name }
}
output "sizes" {
  value = aws_instance.by_map["large"].instance_type
}
output "none" {
  value = length(aws_instance.none)
}
output "ubuntu" {
  value = data.aws_ami.ubuntu.most_recent
}
