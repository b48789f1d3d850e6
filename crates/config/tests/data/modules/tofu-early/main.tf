variable "which" {
  type    = string
  default = "a"
}

locals {
  module_dir = "./modules/${var.which}"
}

module "from_var" {
  source = "./modules/${var.which}"
  label  = "v"
}

module "from_local" {
  source = local.module_dir
  label  = "l"
}
