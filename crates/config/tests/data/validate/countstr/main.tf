resource "terraform_data" "a" {
  count = "x"
}
