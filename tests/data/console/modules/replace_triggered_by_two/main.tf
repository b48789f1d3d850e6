resource "terraform_data" "b" {}
resource "terraform_data" "c" {}

resource "terraform_data" "a" {
  lifecycle {
    replace_triggered_by = [
      terraform_data.b.id != terraform_data.c.id,
    ]
  }
}

locals {
  a = 1
}
