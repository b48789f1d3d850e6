terraform {
  required_version = [1]
}

locals {
  unrelated = "u"
}
