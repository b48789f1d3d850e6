variable "name" {
  type = string
}

resource "terraform_data" "this" {
  input = { name = var.name, size = length(var.name) }
}

resource "terraform_data" "many" {
  count = 2
  input = "${var.name}-${count.index}"
}

module "leaf" {
  source = "../leaf"
  parent = terraform_data.this.output.name
}

output "out" {
  value = terraform_data.this.output
}
output "id" {
  value = terraform_data.this.id
}
output "many" {
  value = terraform_data.many[*].output
}
output "leaf" {
  value = module.leaf.value
}
output "static" {
  value = "static-${var.name}"
}
