terraform {
  language = TF2030
}

locals {
  a = 1
}
