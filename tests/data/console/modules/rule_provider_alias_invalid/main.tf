provider "aws" {
  alias = "1a"
}

locals {
  unrelated = "u"
}
