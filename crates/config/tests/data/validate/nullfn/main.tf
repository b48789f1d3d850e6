locals {
  a = length(null)
}
