module "m" {
  source     = "./c"
  depends_on = [1]
}

locals {
  unrelated = "u"
}
