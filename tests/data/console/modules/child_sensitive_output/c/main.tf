variable "secret" {
  type = string
}
variable "maybe" {
  type     = string
  default  = "dflt"
  nullable = false
}
variable "obj" {
  type = object({
    name = string
    size = optional(number, 5)
  })
}
output "secret" {
  value     = var.secret
  sensitive = true
}
output "leak" {
  value = var.secret
}
output "maybe" {
  value = var.maybe
}
output "obj" {
  value = var.obj
}
output "pm" {
  value = path.module
}
output "pr" {
  value = path.root
}
