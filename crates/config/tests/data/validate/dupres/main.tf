resource "terraform_data" "r" {}
resource "terraform_data" "r" {}
