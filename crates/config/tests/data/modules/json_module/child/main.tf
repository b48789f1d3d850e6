variable "greeting" {
  type = string
}

variable "numbers" {
  type = list(number)
}

output "message" {
  value = "${var.greeting}!"
}

output "total" {
  value = sum(var.numbers)
}
