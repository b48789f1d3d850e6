variable "name" {
  type = string
}

module "sub" {
  source = "./modules/sub"
  prefix = var.name
}

output "name" {
  value = "vpc-${var.name}"
}

output "where" {
  value = path.module
}

output "sub" {
  value = module.sub.label
}
