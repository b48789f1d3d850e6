locals {
  l = [1]
  b = local.l[5]
}
