variable "port" {
  default = 80
  validation {
    condition     = var.other > 0
    error_message = "The port must be positive."
    extra         = 1
  }
}

variable "other" {
  default = 1
}

output "o" {
  value = 1
  precondition {
    error_message = "never"
  }
}

resource "terraform_data" "r" {
  depends_on = [upper("x"), terraform_data.s, "terraform_data.s"]
  lifecycle {
    create_before_destroy = true
    ignore_changes        = [input, "*"]
    unknown               = 1
    postcondition {
      condition = true
    }
  }
}

resource "terraform_data" "s" {
  depends_on = terraform_data.t
}

resource "terraform_data" "t" {
}

check "empty" {
  assert {
    error_message = "no condition"
  }
}
