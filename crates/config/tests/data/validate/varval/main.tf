variable "v" {
  default = 1
  validation {
    condition = var.v > 2
    error_message = "too small"
  }
}
