variable "v" {
  default = "a"
}

locals {
  a = 1
}
