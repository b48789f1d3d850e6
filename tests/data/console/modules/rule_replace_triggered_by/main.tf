variable "x" {
  default = true
}

resource "terraform_data" "b" {}

resource "terraform_data" "c" {}

resource "terraform_data" "a" {
  lifecycle {
    # After the first element with an error, Terraform checks no other.
    replace_triggered_by = [terraform_data.b.id, var.x, local.unrelated]
  }
}

resource "terraform_data" "g" {
  lifecycle {
    replace_triggered_by = ["${terraform_data.b.id}${terraform_data.c.id}"]
  }
}

resource "terraform_data" "h" {
  count = 1

  lifecycle {
    replace_triggered_by = [terraform_data.b[count.value]]
  }
}

resource "terraform_data" "i" {
  lifecycle {
    replace_triggered_by = [self.id]
  }
}

resource "terraform_data" "e" {
  for_each = { k = "v" }

  lifecycle {
    replace_triggered_by = [terraform_data.b[each.value]]
  }
}

resource "terraform_data" "f" {
  lifecycle {
    replace_triggered_by = terraform_data.b
  }
}

resource "terraform_data" "j" {
  lifecycle {
    replace_triggered_by = [path.module, data.terraform_remote_state.s]
  }
}

data "terraform_remote_state" "s" {
  backend = "local"
}

resource "terraform_data" "k" {
  lifecycle {
    replace_triggered_by = [data.terraform_remote_state.s]
  }
}

locals {
  unrelated = "u"
}
