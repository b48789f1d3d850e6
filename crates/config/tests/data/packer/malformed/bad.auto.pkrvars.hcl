variable "declared_here" {
  default = 1
}
