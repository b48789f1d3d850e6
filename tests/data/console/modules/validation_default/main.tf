variable "v" {
  type    = string
  default = "bad"
  validation {
    condition     = var.v == "good"
    error_message = "The v value must be \"good\"."
  }
}

variable "ok" {
  type    = string
  default = "fine"
}

locals {
  from_v    = "x-${var.v}"
  from_from = upper(local.from_v)
  unrelated = "u-${var.ok}"
  via_mod   = module.m.const
  via_res   = terraform_data.r.input
}

module "m" {
  source = "./modules/m"
  name   = var.v
  in     = var.ok
}

resource "terraform_data" "r" {
  input = var.v
}

output "o" {
  value = var.v
}

output "o_ok" {
  value = var.ok
}
