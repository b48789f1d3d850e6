variable "env" {
  type      = string
  nullable = 3
  default   = "dev"
}
