# Malformed on purpose: every problem is reported, nothing panics.
variables {
  nested {
  }
  plain = "x"
}

variable "plain" {
  default = "again"
}

variable "unset" {
  type = list(string)
}

locals {
  a = local.b
  b = local.a
}

local "no_expression" {
  sensitive = true
}

source "only-one-label" {
}

build {
  sources = [1, "nodots", "source.a.b.c.d", null]
}

build {
  sources = var.unset

  dynamic "provisioner" {
    for_each = null
    labels   = ["shell"]
    content {}
  }

  dynamic "source" {
    for_each = []
    content {}
  }

  error-cleanup-provisioner "shell" {}
  error-cleanup-provisioner "shell" {}
}

build {
}
