resource "terraform_data" "a" {
  depends_on = [upper("x")]
}

locals {
  unrelated = "u"
}
