module "m" {
  source = "./modules/m"
  name   = "m"
  providers = {
    aws = aws.nope
  }
}

locals {
  unrelated = "u"
}
