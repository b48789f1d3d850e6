terraform {
  backend "consul" {
    address = "127.0.0.1:1"
    path    = "tf/network"
  }
}

resource "terraform_data" "network" {
  input = { name = "net" }
}

output "static" {
  value = "static-${terraform.workspace}"
}
