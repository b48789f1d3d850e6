resource "terraform_data" "r" {
  input = 1
}

output "o" {
  value     = 1
  ephemeral = true
}

output "obj" {
  value     = { a = "x", b = [1, 2] }
  ephemeral = true
}

output "nul" {
  value     = null
  ephemeral = true
}

output "res" {
  value     = terraform_data.r.output
  ephemeral = true
}

output "both" {
  value     = "s"
  ephemeral = true
  sensitive = true
}

output "plain" {
  value = "p"
}
