variable "prefix" {
  type = string
}

output "label" {
  value = "${var.prefix}/sub"
}

output "where" {
  value = path.module
}
