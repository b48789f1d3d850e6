# An HCL override of a variable declared in JSON.
variable "names" {
  default = ["x", "y", "z"]
}
