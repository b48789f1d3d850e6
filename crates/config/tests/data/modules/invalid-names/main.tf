variable "1a" {
  default = 1
}

variable "count" {
  default = 2
}

variable "fine-name_2" {
  default = 3
}

output "a.b" {
  value = 1
}

output "o" {
  value       = 1
  sensitive   = "yes"
  description = upper("d")
}

resource "terraform_data" "9lives" {
}

data "bad.type" "x" {
}

module "1child" {
  source = "./child"
}

provider "AWS" {
}

provider "google_beta" {
}

check "bad check" {
  assert {
    condition     = var.fine-name_2 > 0
    error_message = "never"
  }
}
