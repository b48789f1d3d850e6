terraform {
  required_providers {
    b = {
      source = "hashicorp/null"
    }
  }
}
