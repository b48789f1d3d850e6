provider "my_provider" {
}

locals {
  unrelated = "u"
}
