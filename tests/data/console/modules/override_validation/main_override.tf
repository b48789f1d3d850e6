variable "v" {
  validation {
    condition     = var.v == "b"
    error_message = "Not b."
  }
}
