variable "v" {
  type    = number
  default = 1
}

variable "w" {
  default = 2
}

variable "obj" {
  type = object({ a = string })
}

variable "nn" {
  type     = string
  nullable = false
}

locals {
  unrelated = "u"
  from_v    = var.v
  from_w    = var.w
}

module "m" {
  source = "./modules/m"
  name   = "m"
  in     = var.v
}

output "o" {
  value = var.v
}
