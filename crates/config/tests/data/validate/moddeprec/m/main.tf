variable "v" {
  default = 1
  deprecated = "gone"
}
