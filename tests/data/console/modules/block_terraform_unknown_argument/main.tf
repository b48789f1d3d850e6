terraform {
  foo = 1
}

locals {
  unrelated = "u"
}
