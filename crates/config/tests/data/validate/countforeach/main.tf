resource "terraform_data" "a" {
  count = 1
  for_each = {}
}
