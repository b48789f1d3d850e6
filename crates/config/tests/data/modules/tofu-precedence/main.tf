locals {
  from_main = "main.tf"
}
