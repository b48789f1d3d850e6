variable "env" {
  type    = string
  default = "prod"
}

resource "terraform_data" "server" {
  count = 2
  input = {
    name = "${var.env}-web-${count.index}"
    size = count.index == 0 ? "large" : "small"
  }
}

locals {
  names = [for s in terraform_data.server : s.output.name]
}

output "names" {
  value = local.names
}

output "first_id" {
  value = terraform_data.server[0].id
}
