variable "tag" {
  type = string
}

module "leaf" {
  source = "../leaf"
  count  = 2
  v      = "${var.tag}-${count.index}"
}

module "leaf_map" {
  source   = "../leaf"
  for_each = toset(["p", "q"])
  v        = "${var.tag}-${each.key}"
}

resource "terraform_data" "here" {
  input = var.tag
}

output "tag" {
  value = var.tag
}

output "leaves" {
  value = module.leaf[*].id
}

output "leaf_objs" {
  value = module.leaf_map
}

output "secret" {
  value     = "sec-${var.tag}"
  sensitive = true
}

output "here" {
  value = terraform_data.here
}
