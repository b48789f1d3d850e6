# A registry module as `terraform init` installs it: .terraform/modules/modules.json names
# the directory of each call, the nested local module too (written by hand here; the
# oracle reads it as it is).
module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.0.0"
  name    = "demo"
}

output "vpc_name" {
  value = module.vpc.name
}
