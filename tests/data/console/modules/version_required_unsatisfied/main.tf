terraform {
  required_version = "~> 0.12.0"
}

locals {
  unrelated = "u"
}
