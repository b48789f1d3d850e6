resource "terraform_data" "a" {}
resource "terraform_data" "b" {
  depends_on = ["terraform_data.a"]
}
