terraform {
  experiments = [foo]
}

locals {
  unrelated = "u"
}
