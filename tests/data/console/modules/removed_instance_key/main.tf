removed {
  from = terraform_data.a[0]
}

locals {
  a = 1
}
