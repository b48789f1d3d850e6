locals {
  from_extra = "override.tf"
}
