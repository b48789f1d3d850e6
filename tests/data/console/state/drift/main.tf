resource "terraform_data" "kept" {
  input = "kept (config changed after apply)"
}

# added after apply: in the configuration, not in the state
resource "terraform_data" "added" {
  input = "new"
}

resource "terraform_data" "added_counted" {
  count = 2
  input = "new-${count.index}"
}

resource "terraform_data" "added_each" {
  for_each = toset(["x", "y"])
  input    = each.key
}

# terraform_data.removed and terraform_data.removed_counted were removed after apply

resource "terraform_data" "grow" {
  count = 3
  input = "grow-${count.index}"
}

resource "terraform_data" "shrink" {
  count = 1
  input = "shrink-${count.index}"
}

resource "terraform_data" "zero" {
  count = 0
  input = "zero-${count.index}"
}

resource "terraform_data" "keys" {
  for_each = toset(["a", "b", "c"])
  input    = "key-${each.key}"
}

resource "terraform_data" "to_single" {
  input = "was counted"
}

resource "terraform_data" "to_counted" {
  count = 1
  input = "was single"
}

module "mods" {
  source = "./modules/m"
  count  = 3
  n      = count.index
}

module "mkeys" {
  source   = "./modules/m"
  for_each = toset(["p", "r"])
  n        = 10
}

locals {
  grow_ids = terraform_data.grow[*].id
  key_list = keys(terraform_data.keys)
  mod_vals = module.mods[*].v
}

resource "terraform_data" "none_counted" {
  count = 0
  input = "never"
}

resource "terraform_data" "none_each" {
  for_each = {}
  input    = "never"
}
