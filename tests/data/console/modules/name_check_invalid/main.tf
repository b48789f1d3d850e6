check "1a" {
  assert {
    condition     = true
    error_message = "never"
  }
}

locals {
  unrelated = "u"
}
