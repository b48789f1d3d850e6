terraform {
  backend "local" {
    path = "state/custom.tfstate"
  }
}

resource "terraform_data" "b" {
  count = 2
  input = "backend-${count.index}"
}

resource "terraform_data" "one" {
  input = { where = "state/custom.tfstate" }
}

output "where" {
  value = terraform_data.one.output.where
}
