output "o" {
  value = 1
  ephemeral = "x"
}

locals {
  unrelated = "u"
}
