output "a" {
  description = "x"
}

locals {
  unrelated = "u"
}
