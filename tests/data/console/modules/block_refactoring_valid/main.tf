resource "terraform_data" "b" {
  input = "b"
}

moved {
  from = terraform_data.a
  to   = terraform_data.b
}

removed {
  from = terraform_data.old
  lifecycle {
    destroy = false
  }
}

import {
  to = terraform_data.b
  id = "x"
}

locals {
  unrelated = "u"
}
