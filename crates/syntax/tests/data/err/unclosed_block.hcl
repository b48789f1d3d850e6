resource "x" "y" {
  a = 1
  nested {
    b = 2
}
