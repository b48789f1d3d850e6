variable "x" {
  type = "list"
  description = "${var.y}"
}
