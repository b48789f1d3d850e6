variable "name" {
  type = string
}

module "app" {
  source = "./app"
  nmae   = var.name
}
