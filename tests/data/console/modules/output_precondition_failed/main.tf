variable "n" {
  default = 5
}
module "m" {
  source = "./c"
  n      = var.n
}
check "health" {
  assert {
    condition     = var.n > 10
    error_message = "n is small"
  }
}
output "root_pre" {
  value = var.n
  precondition {
    condition     = var.n > 10
    error_message = "root n is small"
  }
}
locals {
  u = "u"
  via = module.m.checked
}
