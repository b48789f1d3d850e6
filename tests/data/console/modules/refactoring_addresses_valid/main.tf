resource "terraform_data" "b" {
  count = 2
}

module "n" {
  source = "./m"
}

moved {
  from = terraform_data.a[1]
  to   = terraform_data.b[0]
}

moved {
  from = module.old
  to   = module.n
}

moved {
  from = module.n.terraform_data.x
  to   = terraform_data.b[1]
}

import {
  to = terraform_data.b[0]
  id = "x"
}

removed {
  from = module.gone
}

removed {
  from = terraform_data.c

  provisioner "local-exec" {
    command = "echo"
    when    = destroy
  }
}

locals {
  a = 1
}
