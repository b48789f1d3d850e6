variable "a" {
  type = "string"
}
