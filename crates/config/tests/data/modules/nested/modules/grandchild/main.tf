variable "value" {}

output "shout" {
  value = "${var.value}!!"
}
