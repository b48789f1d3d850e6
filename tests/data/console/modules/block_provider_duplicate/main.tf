provider "aws" {
}
provider "aws" {
}

locals {
  unrelated = "u"
}
