variable "x" {
  type = "number"
  default = "${1}"
}
