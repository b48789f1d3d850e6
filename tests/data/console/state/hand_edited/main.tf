resource "terraform_data" "c" {
  count = 2
  input = "c${count.index}"
}

resource "terraform_data" "e" {
  for_each = toset(["a", "b"])
  input    = { k = each.key, n = 1 }
}

resource "terraform_data" "s" {
  input = sensitive("secret")
}

module "m" {
  source = "./modules/m"
}

output "o" {
  value = terraform_data.c[*].output
}

output "so" {
  value     = "shh"
  sensitive = true
}

check "ok" {
  assert {
    condition     = terraform_data.c[0].output == "c0"
    error_message = "bad"
  }
}
