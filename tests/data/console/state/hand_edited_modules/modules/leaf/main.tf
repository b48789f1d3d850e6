variable "v" {
  type = string
}

resource "terraform_data" "x" {
  input = { v = var.v, n = [1, 2] }
}

resource "terraform_data" "cnt" {
  count = 2
  input = count.index
}

output "id" {
  value = terraform_data.x.id
}

output "obj" {
  value = terraform_data.x.output
}

output "nothing" {
  value = null
}
