output "o" {
  value = 1
  sensitive = "yes"
}

locals {
  unrelated = "u"
}
