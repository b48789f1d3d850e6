locals {
  values = {
    s     = "hello"
    n     = 7
    big   = 98765432109876543210987654321
    frac  = 3.14159
    neg   = -2.5e-3
    t     = true
    f     = false
    nul   = null
    lst   = ["x", "y", "z"]
    mp    = { a = 1, b = 2 }
    obj   = { name = "svc", ports = [22, 80], meta = { owner = "ops", tier = { level = 3 } } }
    tup   = ["one", 2, false, null, ["n"], { k = "v" }]
    el    = []
    em    = {}
  }
}

resource "terraform_data" "kinds" {
  count = 3
  input = {
    idx   = count.index
    s     = "item-${count.index}"
    n     = count.index * 1.5
    big   = local.values.big
    frac  = local.values.frac
    neg   = local.values.neg
    t     = count.index % 2 == 0
    nul   = null
    lst   = local.values.lst
    mp    = local.values.mp
    obj   = local.values.obj
    tup   = local.values.tup
    el    = []
    em    = {}
  }
}

resource "terraform_data" "bykey" {
  for_each = local.values
  input    = each.value
}

resource "terraform_data" "byset" {
  for_each = toset(["gamma", "alpha", "beta"])
  input    = upper(each.key)
}

resource "terraform_data" "bymap" {
  for_each = tomap({ web = 80, db = 5432, cache = 6379 })
  input    = { name = each.key, port = each.value }
}

resource "terraform_data" "typed" {
  count = 2
  input = {
    l = tolist(["b", "a"])
    s = toset(["b", "a"])
    m = tomap({ z = "1", y = "2" })
  }
}

resource "terraform_data" "single" {
  input = local.values.obj
}

locals {
  ports       = { for k, r in terraform_data.bymap : k => r.output.port }
  kind_names  = [for r in terraform_data.kinds : r.output.s]
  set_outputs = values(terraform_data.byset)[*].output
}

output "ports" {
  value = local.ports
}
