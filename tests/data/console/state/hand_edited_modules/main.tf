module "mid" {
  source = "./modules/mid"
  count  = 2
  tag    = "m${count.index}"
}

module "mid_each" {
  source   = "./modules/mid"
  for_each = { "k one" = "x", "k-two" = "y" }
  tag      = each.value
}

module "single" {
  source = "./modules/mid"
  tag    = "s"
}

resource "terraform_data" "r" {
  for_each = { a = 1, b = 2 }
  input    = each.value
}

resource "terraform_data" "numkeys" {
  for_each = { "1" = "one", "10" = "ten", "2" = "two" }
  input    = each.value
}

output "mid_tags" {
  value = module.mid[*].tag
}

output "all" {
  value     = module.mid_each
  sensitive = true
}

output "sens" {
  value     = module.single.secret
  sensitive = true
}
