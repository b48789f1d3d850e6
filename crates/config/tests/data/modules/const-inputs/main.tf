variable "e" {
  default = "dev"
}

variable "stage" {
  type  = string
  const = true
}

# Given what is not known early: an error.
module "a" {
  source = "./a"
  env    = var.e
}

# Given a const variable: loads the module it names.
module "b" {
  source = "./a"
  env    = var.stage
}

output "o" { value = module.b.o }
