output "fine" {
  value = 1
}
