variable "secret_list" {
  type      = list(string)
  sensitive = true
  default   = ["a", "b"]
}

resource "terraform_data" "mixed" {
  count = 3
  input = count.index == 1 ? sensitive("hidden-${count.index}") : "shown-${count.index}"
}

resource "terraform_data" "deep" {
  input = {
    l   = [{ a = sensitive(1), b = 2 }, { a = 3, b = 4 }]
    m   = { x = { y = sensitive("z") } }
    s   = toset(["p", "q"])
    n   = null
    all = sensitive({ k = "v" })
  }
}

resource "terraform_data" "trig" {
  input            = "t"
  triggers_replace = sensitive(["r1", "r2"])
}

resource "terraform_data" "lst" {
  input = var.secret_list
}

module "s" {
  source = "./modules/s"
  pw     = "modpw"
}

output "mod_secret" {
  value     = module.s.secret
  sensitive = true
}

output "mod_plain" {
  value = module.s.plain
}

output "mixed_all" {
  value     = terraform_data.mixed[*].output
  sensitive = true
}

output "ephem_like" {
  value = nonsensitive(terraform_data.mixed[1].output)
}
