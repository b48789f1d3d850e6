locals {
  a = local.b
  b = local.c
  c = local.a
  d = "fine"
  e = "${local.d}!"
}

output "e" {
  value = local.e
}
