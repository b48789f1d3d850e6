terraform {
  backend "http" {
    address   = "http://127.0.0.1:1/state/web"
    username  = "ci"
    retry_max = 0
  }
}

resource "terraform_data" "server" {
  input = "web-1"
}
