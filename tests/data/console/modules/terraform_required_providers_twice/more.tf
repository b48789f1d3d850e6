# A second required_providers block, in another file: a module may have only one.
terraform {
  required_providers {
    b = {
      source = "hashicorp/null"
    }
  }
}
