resource "terraform_data" "r" {
  input = each.value
}
