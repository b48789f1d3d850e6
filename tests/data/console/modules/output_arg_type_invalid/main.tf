output "o" {
  value = 1
  type = foo
}

locals {
  unrelated = "u"
}
