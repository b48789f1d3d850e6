removed {
}

locals {
  unrelated = "u"
}
