variable "password" {
  type      = string
  sensitive = true
  default   = "hunter2-secret"
}

variable "tokens" {
  type      = map(string)
  sensitive = true
  default   = { api = "tok-123", ci = "tok-456" }
}

resource "terraform_data" "from_var" {
  input = var.password
}

resource "terraform_data" "partial" {
  input = {
    user     = "admin"
    password = sensitive("p@ss")
    port     = 5432
    tags     = { env = "prod", secret = sensitive("shh") }
    list     = ["a", sensitive("b"), "c"]
  }
}

resource "terraform_data" "whole_map" {
  input = var.tokens
}

resource "terraform_data" "plain" {
  input = "not secret"
}

resource "terraform_data" "each_secret" {
  for_each = toset(["one", "two"])
  input    = { key = each.key, secret = sensitive("s-${each.key}") }
}

locals {
  dsn        = "postgres://${terraform_data.partial.output.user}:${terraform_data.partial.output.password}@db"
  user_only  = terraform_data.partial.output.user
  revealed   = nonsensitive(terraform_data.from_var.output)
}

output "password" {
  value     = terraform_data.from_var.output
  sensitive = true
}

output "dsn" {
  value     = local.dsn
  sensitive = true
}

output "user" {
  value = terraform_data.partial.output.user
}

locals {
  dsn_from_input = "postgres://${terraform_data.partial.input.user}:${terraform_data.partial.input.password}@db"
  tags_from_input = terraform_data.partial.input.tags
}
