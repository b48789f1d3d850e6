data "terraform_remote_state" "a" {
  backend = "local"
}

import {
  to = data.terraform_remote_state.a
  id = "x"
}

locals {
  a = 1
}
