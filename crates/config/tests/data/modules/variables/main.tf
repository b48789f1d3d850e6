variable "from_default" {
  default = "default"
}
variable "from_env" {
  default = "default"
}
variable "from_tfvars" {
  default = "default"
}
variable "from_auto" {
  default = "default"
}
variable "from_var_file" {
  default = "default"
}
variable "from_var" {
  default = "default"
}
variable "number" {
  type = number
}
variable "list" {
  type = list(number)
}
variable "secret" {
  type      = string
  default   = "hunter2"
  sensitive = true
}
variable "not_nullable" {
  type     = string
  default  = "fallback"
  nullable = false
}
variable "required" {
  type = map(string)
}

output "summary" {
  value = [var.from_default, var.from_env, var.from_tfvars, var.from_auto, var.from_var_file, var.from_var]
}
output "number_plus_one" {
  value = var.number + 1
}
output "workspace" {
  value = terraform.workspace
}
output "secret" {
  value     = var.secret
  sensitive = true
}
