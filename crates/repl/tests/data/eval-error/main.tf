# A configuration that loads but has an error in one value: Terraform prints
# the error, leaves that value unknown and evaluates the rest.
locals {
  missing = file("${path.module}/missing.txt")
  fine    = "ok"
}
