output "o" {
  value = 1
  deprecated = []
}

locals {
  unrelated = "u"
}
