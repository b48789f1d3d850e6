data "terraform_remote_state" "a.b" {
  backend = "local"
}

locals {
  unrelated = "u"
}
