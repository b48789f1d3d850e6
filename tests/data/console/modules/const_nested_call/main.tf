module "a" {
  source = "./a"
  env    = "dev"
}
output "o" { value = module.a.o }
