resource "terraform_data" "a" {
  for_each = [1, 2]
}
