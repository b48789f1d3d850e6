variable "in" {
  ephemeral = true
}
output "eph" {
  value     = var.in
  ephemeral = true
}
output "plain" {
  value = "p"
}
output "leak" {
  value = var.in
}
