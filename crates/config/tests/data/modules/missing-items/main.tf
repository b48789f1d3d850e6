variable "v" {
  default = 1
  validation {
    error_message = "bad"
  }
}

output "o" {
}

moved {
  from = a.b
}
