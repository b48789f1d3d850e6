variable "old_in" {
  default    = "d"
  deprecated = "old_in is going away"
}
output "old_out" {
  value      = var.old_in
  deprecated = "old_out is going away"
}
output "fine" {
  value = 1
}
