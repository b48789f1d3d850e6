locals {
  x = nosuch(1)
}
