variable "x" {
  type = list(string)
}
variable "y" {
  type = "bool"
}
