resource "terraform_data" "a" {
  input = terraform_data.a.id
}

resource "terraform_data" "b" {
  depends_on = [terraform_data.b]
}

resource "terraform_data" "c" {
  count = length(terraform_data.c)
}

resource "terraform_data" "d" {
  input = "d"
}

resource "terraform_data" "e" {
  input = terraform_data.a.output
}

locals {
  unrelated = "u"
  via       = terraform_data.a.input
  via_e     = terraform_data.e.input
}

output "o" {
  value = terraform_data.a.output
}
