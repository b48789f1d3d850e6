output "o" {
  value = 1
  sensitive = null
}

locals {
  unrelated = "u"
}
