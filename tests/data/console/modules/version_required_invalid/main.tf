terraform {
  required_version = "not a version"
}

locals {
  unrelated = "u"
}
