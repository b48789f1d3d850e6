locals {
  m = {
    a = { name = "alpha" }
    b = { other = "no name here" }
    c = { name = "gamma" }
  }
  x    = { for k, v in local.m : k => templatefile("${path.module}/t.tftpl", v) }
  ks   = keys(local.x)
  good = local.x["a"]
  l    = [for k, v in local.m : templatefile("${path.module}/t.tftpl", v)]
  via_t = module.t.rendered
}

module "t" {
  source = "./modules/t"
}

output "x" {
  value = local.x
}
