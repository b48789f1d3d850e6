locals {
  a = 1

output "x" {
  value = 1
}
