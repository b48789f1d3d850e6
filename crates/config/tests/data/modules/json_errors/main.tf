variable "a" {
  default = 1
}

resource "terraform_data" "r" {
  input = 1
}
