variable "port" {
  type    = number
  default = 99999

  validation {
    condition     = var.port > 0 && var.port < 65536
    error_message = "The port must be between 1 and 65535."
  }
}

variable "name" {
  type    = string
  default = "ok"

  validation {
    condition     = length(var.name) > 0
    error_message = "The name must not be empty."
  }
}

variable "typed" {
  type    = list(number)
  default = ["one"]
}
