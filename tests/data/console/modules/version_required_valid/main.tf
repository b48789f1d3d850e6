terraform {
  required_version = ">= 1.0, < 2.0.0-beta1, v1.2+meta"
}

locals {
  unrelated = "u"
}
