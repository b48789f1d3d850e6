variable "parent" {
  type = string
}

resource "terraform_data" "leaf" {
  input = "leaf-of-${var.parent}"
}

output "value" {
  value = terraform_data.leaf.output
}
