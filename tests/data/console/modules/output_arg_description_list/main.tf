output "o" {
  value = 1
  description = []
}

locals {
  unrelated = "u"
}
