resource "terraform_data" "kept" {
  input = "kept"
}

resource "terraform_data" "removed" {
  input = "will be removed from config"
}

resource "terraform_data" "removed_counted" {
  count = 2
  input = "rc-${count.index}"
}

resource "terraform_data" "grow" {
  count = 2
  input = "grow-${count.index}"
}

resource "terraform_data" "shrink" {
  count = 3
  input = "shrink-${count.index}"
}

resource "terraform_data" "zero" {
  count = 2
  input = "zero-${count.index}"
}

resource "terraform_data" "keys" {
  for_each = toset(["a", "b"])
  input    = "key-${each.key}"
}

resource "terraform_data" "to_single" {
  count = 1
  input = "was counted"
}

resource "terraform_data" "to_counted" {
  input = "was single"
}

module "mods" {
  source = "./modules/m"
  count  = 2
  n      = count.index
}

module "mkeys" {
  source   = "./modules/m"
  for_each = toset(["p", "q"])
  n        = 10
}

resource "terraform_data" "none_counted" {
  count = 0
  input = "never"
}

resource "terraform_data" "none_each" {
  for_each = {}
  input    = "never"
}

module "gone" {
  source = "./modules/m"
  n      = 99
}
