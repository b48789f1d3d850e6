output "n" {
  type  = string
  value = 1
}
output "l" {
  type  = list(number)
  value = ["1", 2]
}
output "o" {
  type  = object({ a = string, b = optional(number, 5) })
  value = { a = 1 }
}
output "u" {
  type  = string
  value = terraform_data.x.output
}
output "s" {
  type      = string
  value     = 5
  sensitive = true
}
output "bad_list" {
  type  = list(number)
  value = ["a", 2]
}
output "bad_obj" {
  type  = object({ a = number })
  value = { b = 1 }
}
output "m" {
  type  = map(string)
  value = { x = 1, y = true }
}
resource "terraform_data" "x" {
  input = 1
}
