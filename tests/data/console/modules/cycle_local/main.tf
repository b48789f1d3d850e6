locals {
  a         = "${local.b}-a"
  b         = "${local.a}-b"
  unrelated = "u"
}
