output "y" {
  value = 1
}
