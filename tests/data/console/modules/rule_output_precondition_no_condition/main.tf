output "a" {
  value = 1
  precondition {
    error_message = "m"
  }
}

locals {
  unrelated = "u"
}
