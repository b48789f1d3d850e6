output "y" {
  value = 1
  deprecated = "gone"
}
