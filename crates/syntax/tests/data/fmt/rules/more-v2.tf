module "m" {
  variable "x" {
    type = "string"
  }
}
