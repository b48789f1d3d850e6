resource "terraform_data" "r" {
  bogus = 1
}
