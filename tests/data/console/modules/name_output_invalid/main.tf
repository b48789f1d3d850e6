output "1a" {
  value = 1
}

locals {
  unrelated = "u"
}
