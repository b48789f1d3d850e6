variable "a" {}
variable "a" {}
