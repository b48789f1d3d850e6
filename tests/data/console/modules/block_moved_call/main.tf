moved {
  from = terraform_data.a[upper("x")]
  to   = terraform_data.b
}

locals {
  unrelated = "u"
}
