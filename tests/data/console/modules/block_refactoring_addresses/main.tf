resource "terraform_data" "a" {}

data "terraform_remote_state" "s" {
  backend = "local"
}

removed {
  from = terraform_data.gone[0]
}

removed {
  from = data.terraform_remote_state.old
}

removed {
  from = module.gone["k"]
}

moved {
  from = terraform_data.old
  to   = module.x
}

moved {
  from = module.y
  to   = terraform_data.a
}

import {
  to = data.terraform_remote_state.s
  id = "x"
}

import {
  to = terraform_data.a
  id = "x"
}

import {
  to = terraform_data.a
  id = "y"
}

locals {
  unrelated = "u"
}
