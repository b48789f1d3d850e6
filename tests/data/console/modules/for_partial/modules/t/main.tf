variable "m" {
  type = map(map(string))
  default = {
    p = { name = "pi" }
    q = {}
  }
}

output "rendered" {
  value = { for k, v in var.m : k => templatefile("${path.module}/t.tftpl", v) }
}

output "ok" {
  value = "ok"
}
