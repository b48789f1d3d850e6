provider "AWS" {
}

locals {
  unrelated = "u"
}
