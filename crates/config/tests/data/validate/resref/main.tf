resource "terraform_data" "a" {
  input = terraform_data.a.output
}
