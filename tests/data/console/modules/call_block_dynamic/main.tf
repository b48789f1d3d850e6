module "m" {
  source = "./modules/m"
  name   = "m"

  dynamic "x" {
    for_each = [1]
    content {}
  }
}

locals {
  unrelated = "u"
}
