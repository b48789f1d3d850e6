resource "terraform_data" "a" {
  input = upper(1, 2)
}
