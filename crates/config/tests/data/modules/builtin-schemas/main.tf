resource "terraform_data" "web" {
  input = "foo"
}
data "terraform_remote_state" "s" {
  backend = "local"
  config = { path = "x.tfstate" }
}
resource "terraform_data" "counted" {
  count = 2
  input = count.index
}
