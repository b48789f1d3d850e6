resource "terraform_data" "b" {
  for_each = toset(["k"])
}

resource "terraform_data" "a" {
  for_each = toset(["k"])

  lifecycle {
    replace_triggered_by = [terraform_data.b[each.value]]
  }
}

locals {
  a = 1
}
