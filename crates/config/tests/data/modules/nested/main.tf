variable "prefix" {
  default = "app"
}

module "child" {
  source = "./modules/child"
  name   = "${var.prefix}-one"
}

module "counted" {
  source = "./modules/child"
  count  = 2
  name   = "counted-${count.index}"
}

module "remote" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.0.0"
}

output "child_greeting" {
  value = module.child.greeting
}
output "child_path" {
  value = module.child.path
}
output "grandchild" {
  value = module.child.grand
}
output "counted" {
  value = module.counted[*].greeting
}
output "remote_vpc" {
  value = module.remote.vpc_id
}
output "root_path" {
  value = [path.module, path.root]
}
