resource "terraform_data" "x" {
  id     = "a"
  output = 2
  input  = 1
}

resource "terraform_data" "y" {
  nope = 1
}
