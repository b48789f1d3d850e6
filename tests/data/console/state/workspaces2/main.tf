locals {
  sizes = {
    default = 1
    staging = 3
  }
  size = lookup(local.sizes, terraform.workspace, 0)
}

resource "terraform_data" "ws" {
  input = {
    workspace = terraform.workspace
    size      = local.size
  }
}

resource "terraform_data" "nodes" {
  count = local.size
  input = "${terraform.workspace}-node-${count.index}"
}

resource "terraform_data" "staging_only" {
  for_each = terraform.workspace == "staging" ? toset(["blue", "green"]) : toset([])
  input    = "${each.key}@${terraform.workspace}"
}

locals {
  summary = "${terraform_data.ws.output.workspace}/${length(terraform_data.nodes)}"
}

output "summary" {
  value = local.summary
}
