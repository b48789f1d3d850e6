variable "secret" {
  default   = "s3cr3t"
  sensitive = true
}
variable "obj" {
  type = object({
    name = string
    size = optional(number, 10)
    tags = optional(map(string), {})
  })
  default = { name = "a" }
}
module "m" {
  source = "./c"
  secret = var.secret
  maybe  = null
  obj    = var.obj
}
resource "terraform_data" "zero" {
  count = 0
}
resource "terraform_data" "two" {
  count = 2
  input = "i${count.index}"
}
resource "terraform_data" "each" {
  for_each = toset(["a", "b"])
  input    = each.key
}
locals {
  ws        = terraform.workspace
  names     = [for k, v in terraform_data.each : k]
  one_zero  = one(terraform_data.zero[*].id)
  two_count = length(terraform_data.two)
  objsize   = var.obj.size
  tagcount  = length(var.obj.tags)
}
