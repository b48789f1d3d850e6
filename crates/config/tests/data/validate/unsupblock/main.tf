resource "terraform_data" "r" {
  foo {
  }
}
