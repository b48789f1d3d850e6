variable "name" {
  type = string
}

variable "suffix" {
  type    = string
  default = "!"
}

module "grandchild" {
  source = "../grandchild"
  value  = upper(var.name)
}

output "greeting" {
  value = "hello, ${var.name}${var.suffix}"
}

output "path" {
  value = path.module
}

output "grand" {
  value = module.grandchild.shout
}

output "file" {
  value = file("${path.module}/data.txt")
}
