resource "terraform_data" "r" {
  input = count.index
}
