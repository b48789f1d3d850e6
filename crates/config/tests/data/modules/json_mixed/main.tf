# HCL half of a module mixing .tf and .tf.json files.
variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "sizes" {
  type    = list(number)
  default = [1]
}

resource "terraform_data" "web" {
  input = {
    ami  = "ami-123"
    size = "small"
  }
  triggers_replace = [var.region]

  lifecycle {
    ignore_changes = [triggers_replace]
  }
}

output "web" {
  value = terraform_data.web.input
}
