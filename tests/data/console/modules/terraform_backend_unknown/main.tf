terraform {
  backend "nope" {}
}

locals {
  a = 1
}
