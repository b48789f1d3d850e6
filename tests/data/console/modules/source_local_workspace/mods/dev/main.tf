variable "name" {
  default = "n"
}
output "out" { value = "hello ${var.name} from dev" }
