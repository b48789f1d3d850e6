module "again" {
  source = "./"
  count  = 2
}

output "again" {
  value = module.again
}
