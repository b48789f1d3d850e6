variable "env" {
  type    = string
  const   = "yes"
  default = "dev"
}
