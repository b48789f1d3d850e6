terraform {
  required_providers {
    terraform = {
      source                = "terraform.io/builtin/terraform"
      configuration_aliases = [terraform.alt]
    }
  }
}

resource "terraform_data" "a" {
  provider = terraform.alt
}

output "o" {
  value = 1
}
