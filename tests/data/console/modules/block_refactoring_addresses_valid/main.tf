resource "terraform_data" "a" {
  count = 2
}

resource "terraform_data" "e" {
  for_each = toset(["x", "y"])
}

import {
  to = terraform_data.a[0]
  id = "x"
}

import {
  to = terraform_data.a[1]
  id = "y"
}

import {
  for_each = toset(["x", "y"])
  to       = terraform_data.e[each.key]
  id       = each.key
}

moved {
  from = module.old[0]
  to   = module.new["k"]
}

moved {
  from = terraform_data.old[0]
  to   = terraform_data.a[1]
}

removed {
  from = module.gone
}

removed {
  from = terraform_data.gone
}

locals {
  unrelated = "u"
}
