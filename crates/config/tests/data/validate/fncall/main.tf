locals {
  x = upper(1, 2)
}
