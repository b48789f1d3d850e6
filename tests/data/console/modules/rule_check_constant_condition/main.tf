check "c" {
  assert {
    condition     = true
    error_message = "never"
  }
}

locals {
  unrelated = "u"
}
