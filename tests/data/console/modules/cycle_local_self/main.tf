locals {
  a         = "${local.a}-a"
  unrelated = "u"
}
