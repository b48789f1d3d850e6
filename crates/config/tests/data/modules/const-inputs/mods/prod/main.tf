output "out" { value = "from prod" }
