resource "terraform_data" "b" {
  count = 2
}

data "terraform_remote_state" "r" {
  backend = "local"
}

resource "terraform_data" "a" {
  count = 2

  lifecycle {
    replace_triggered_by = [
      terraform_data.b[count.index],
      terraform_data.b[0].output,
      data.terraform_remote_state.r,
    ]
  }
}

locals {
  a = 1
}
