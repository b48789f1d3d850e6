variable "x" {
  type = list
  validation {
    type = list
  }
}
