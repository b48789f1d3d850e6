terraform {
  backend "etcd" {}
}

locals {
  a = 1
}
