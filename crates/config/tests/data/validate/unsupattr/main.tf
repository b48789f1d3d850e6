locals {
  o = { a = 1 }
  b = local.o.nope
}
