terraform {
  language = TF2021
}

locals {
  a = 1
}
