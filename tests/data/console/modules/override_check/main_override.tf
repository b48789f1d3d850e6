check "c" {
  assert {
    condition     = local.a == 1
    error_message = "x"
  }
}
