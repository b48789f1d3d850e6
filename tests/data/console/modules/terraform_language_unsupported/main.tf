terraform {
  language = TF2099
}

locals {
  unrelated = "u"
}
