resource "terraform_data" "a" {
  lifecycle {
    postcondition {
      condition     = terraform_data.a.id != ""
      error_message = "x"
    }
  }
}

data "terraform_remote_state" "s" {
  backend = "local"

  lifecycle {
    precondition {
      condition     = terraform_data.b.id != ""
      error_message = "Not ${data.terraform_remote_state.s.backend}."
    }
  }
}

resource "terraform_data" "b" {
  lifecycle {
    precondition {
      condition     = self.id != "" && terraform_data.a.id != ""
      error_message = "fine"
    }
  }
}

locals {
  unrelated = "u"
}
