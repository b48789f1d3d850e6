locals {
  Ɤx = 1
}
