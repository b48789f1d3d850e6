# Hand-edited after apply: each instance's sensitive_attributes names a path
# of a different kind (see terraform.tfstate). Terraform marks only what a
# path reaches; a path that does not match the value marks nothing.
resource "terraform_data" "bad_path" {
  input = { k = "v", p = "q" }
}

resource "terraform_data" "index_on_object" {
  input = { k = "v", p = "q" }
}

resource "terraform_data" "map_key" {
  input = tomap({ k = "v", p = "q" })
}

resource "terraform_data" "valid" {
  input = { k = "v", p = "q" }
}

resource "terraform_data" "too_deep" {
  input = { k = "v", p = "q" }
}
