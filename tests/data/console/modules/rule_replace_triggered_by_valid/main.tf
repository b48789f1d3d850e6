resource "terraform_data" "b" {
  count = 2
}

resource "terraform_data" "a" {
  count = 2

  lifecycle {
    replace_triggered_by = [terraform_data.b[count.index], terraform_data.b[0].id]
  }
}

resource "terraform_data" "e" {
  for_each = { k = "v" }

  lifecycle {
    replace_triggered_by = [terraform_data.b[each.key == "k" ? 0 : 1]]
  }
}

locals {
  unrelated = "u"
}
