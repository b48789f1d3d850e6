variable "env" {
  type      = string
  const     = true
  ephemeral = true
  default   = "dev"
}
