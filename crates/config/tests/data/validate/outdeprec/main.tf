module "m" {
  source = "./m"
}
output "x" {
  value = module.m.y
}
