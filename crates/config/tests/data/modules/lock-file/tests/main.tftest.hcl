run "first" {
  command = plan
}

run "second" {
  assert {
    condition     = true
    error_message = "never"
  }
}
