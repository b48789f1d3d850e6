locals {
  from_extra = "extra.tf"
}
