resource "terraform_data" "src" {
  input = {
    name  = "outputs-demo"
    ports = [80, 443]
  }
}

output "str" {
  value = "a string"
}
output "num" {
  value = 12345.678
}
output "big" {
  value = 123456789012345678901234567890
}
output "bool" {
  value = false
}
output "null_out" {
  value = null
}
output "list" {
  value = tolist(["x", "y"])
}
output "set" {
  value = toset(["q", "p"])
}
output "map" {
  value = tomap({ a = "1", b = "2" })
}
output "obj" {
  value = { name = "o", nested = { deep = [1, 2, { k = true }] } }
}
output "tuple" {
  value = ["t", 1, null, false]
}
output "empty_list" {
  value = []
}
output "empty_map" {
  value = {}
}
output "from_resource" {
  value = terraform_data.src.output
}
output "resource_id" {
  value = terraform_data.src.id
}
output "secret" {
  value     = "top-secret"
  sensitive = true
}
output "secret_obj" {
  value     = { user = "u", pass = "p" }
  sensitive = true
}
output "multiline" {
  value = "line 1\nline 2\n"
}
