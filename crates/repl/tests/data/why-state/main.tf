resource "terraform_data" "made" {
  input = "built"
}

# Added after the apply that wrote terraform.tfstate: planned, not created yet.
resource "terraform_data" "later" {
  input = "not applied"
}

locals {
  both = [terraform_data.made.output, terraform_data.later.output]
}
