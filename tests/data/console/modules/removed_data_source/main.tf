removed {
  from = data.terraform_remote_state.x
}

locals {
  a = 1
}
