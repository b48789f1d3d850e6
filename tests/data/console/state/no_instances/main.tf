# Hand-edited after apply: every resource in terraform.tfstate has "instances": [],
# which Terraform reads as a resource not created yet.
resource "terraform_data" "a" {
  count = 2
  input = "x"
}
resource "terraform_data" "b" {
  input = "y"
}
resource "terraform_data" "c" {
  for_each = toset(["k"])
  input = "y"
}
