terraform {
  backend "http" {
    address   = "http://127.0.0.1:1/state/network"
    username  = "tfuser"
    password  = "http-secret-0000"
    retry_max = 0
  }
}

resource "terraform_data" "network" {
  input = { name = "net" }
}
