output "o" {
  value = 1
  postcondition {
    condition     = true
    error_message = "never"
  }
}

locals {
  unrelated = "u"
}
