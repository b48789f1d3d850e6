variable "n" {
  type = number
}
output "checked" {
  value = var.n * 2
  precondition {
    condition     = var.n > 10
    error_message = "child n is small"
  }
}
output "fine" {
  value = var.n
}
