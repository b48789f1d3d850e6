terraform {
  language = "TF2021"
}

locals {
  unrelated = "u"
}
