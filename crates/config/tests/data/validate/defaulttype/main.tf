variable "a" {
  type = number
  default = "x"
}
