# Hand-edited after apply: terraform_data.a has an `id` of the wrong type, terraform_data.b an
# attribute its schema does not have. The built-in provider reads its state as it is: both fail
# where they are referenced, and only there.
resource "terraform_data" "a" {
  input = "x"
}
resource "terraform_data" "b" {
  input = "y"
}
