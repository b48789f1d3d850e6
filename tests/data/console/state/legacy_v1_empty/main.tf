# A format 1 state with one empty root module: read as an empty state.
resource "terraform_data" "old" { input = "v1" }
module "m" {
  source = "./m"
  count = 2
  n = count.index
}
resource "terraform_data" "e" {
  for_each = {a = 1, b = 2}
  input = each.value
}
