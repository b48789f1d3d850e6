locals {
  x = 1 + "a"
}
