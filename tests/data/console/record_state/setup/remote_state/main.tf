data "terraform_remote_state" "other" {
  backend = "local"
  config = {
    path = "other/terraform.tfstate"
  }
}

data "terraform_remote_state" "with_defaults" {
  backend = "local"
  config = {
    path = "other/terraform.tfstate"
  }
  defaults = {
    str     = "overridden?"
    missing = "from defaults"
  }
}

resource "terraform_data" "uses" {
  input = {
    str   = data.terraform_remote_state.other.outputs.str
    ports = data.terraform_remote_state.other.outputs.from_resource.ports
  }
}

locals {
  names  = keys(data.terraform_remote_state.other.outputs)
  secret = data.terraform_remote_state.other.outputs.secret
}

output "remote_str" {
  value = data.terraform_remote_state.other.outputs.str
}

