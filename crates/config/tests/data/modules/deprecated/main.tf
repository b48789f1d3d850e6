variable "old" {
  default    = "x"
  deprecated = "Use var.new instead."
}
module "m" {
  source = "./m"
  old_in = "given"
}
locals {
  via = module.m.old_out
}
