locals {
  u = "u"
}
