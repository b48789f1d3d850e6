locals {
  x = 1
  y {
  }
}

locals {
  unrelated = "u"
}
