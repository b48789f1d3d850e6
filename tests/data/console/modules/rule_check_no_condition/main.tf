check "c" {
  assert {
    condition = true
  }
}

locals {
  unrelated = "u"
}
