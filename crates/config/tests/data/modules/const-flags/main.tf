variable "env" {
  type      = string
  const     = true
  sensitive = true
  default   = "dev"
}
