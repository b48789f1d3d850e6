# Each variable is set by more sources than the one before, to show which wins.
variable "a_default" {
  type    = string
  default = "default"
}

variable "b_tfvars" {
  type    = string
  default = "default"
}

variable "c_auto" {
  type    = string
  default = "default"
}

variable "d_auto_later" {
  type    = string
  default = "default"
}

variable "e_env" {
  type    = string
  default = "default"
}

variable "f_var_file" {
  type    = string
  default = "default"
}

variable "g_var" {
  type    = string
  default = "default"
}

variable "h_var_then_file" {
  type    = string
  default = "default"
}

variable "port" {
  type    = number
  default = 80

  validation {
    condition     = var.port < 1024
    error_message = "The port must be below 1024."
  }
}

variable "zones" {
  type    = list(string)
  default = ["a", "b"]
}
