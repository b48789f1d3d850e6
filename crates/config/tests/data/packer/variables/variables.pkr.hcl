# Every way a Packer template gets variable values: defaults, the older
# `variables` block, PKR_VAR_ (from the test's options), *.auto.pkrvars.hcl
# in lexical order, --var-file and --var.
variables {
  legacy_name   = "legacy"
  legacy_count  = 2
}

variable "region" {
  type    = string
  default = "us-east-1"
}

variable "instance_type" {
  type    = string
  default = "t2.micro"
}

variable "ami_prefix" {
  default = "base"
}

variable "disk_size" {
  default = 8
}

variable "zones" {
  type    = list(string)
  default = ["a"]
}

variable "owner" {
  type = string
}

variable "password" {
  type      = string
  default   = "hunter2"
  sensitive = true
}
