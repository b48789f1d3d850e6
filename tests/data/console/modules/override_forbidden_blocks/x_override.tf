variable "v" {
  validation {
    condition     = var.v == "a"
    error_message = "y"
  }
}

moved {
  from = terraform_data.b
  to   = terraform_data.a
}

import {
  to = terraform_data.a
  id = "x"
}

removed {
  from = terraform_data.c
}
