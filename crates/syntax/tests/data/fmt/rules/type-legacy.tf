variable "a" {
  type = "string"
}
variable "b" {
  type = "list"
}
variable "c" {
  type = map
}
variable "d" {
  type = set
}
other "e" {
  type = "string"
}
variable "f" {
  type = "map"
  default = "${var.x}"
}
