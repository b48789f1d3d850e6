terraform {
  backend "consul" {
    address = "127.0.0.1:8500"
    path    = "web/terraform.tfstate"
  }
}

resource "terraform_data" "server" {
  input = "web-1"
}

output "answer" {
  value = 42
}
