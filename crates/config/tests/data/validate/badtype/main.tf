variable "a" {
  type = strin
}
