terraform {
  backend "s3" {
    bucket = "my-state"
    key    = "web/terraform.tfstate"
    region = "eu-west-1"
  }
}

output "answer" {
  value = 42
}
