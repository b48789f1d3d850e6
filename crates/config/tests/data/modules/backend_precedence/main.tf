terraform {
  backend "http" {
    address   = "http://127.0.0.1:1/from-block"
    retry_max = 0
  }
}

resource "terraform_data" "x" {
  input = 1
}
