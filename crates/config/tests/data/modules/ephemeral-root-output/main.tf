output "o" {
  value     = 1
  ephemeral = true
}

locals {
  u = "u"
}
