# The cloud block is in main.tf: a module has one or the other.
terraform {
  backend "local" {}
}
