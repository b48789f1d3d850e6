resource "terraform_data" "b" {
}
resource "terraform_data" "a" {
  depends_on = terraform_data.b
}

locals {
  unrelated = "u"
}
