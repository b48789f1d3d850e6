resource "terraform_data" "b" {
  lifecycle {
    postcondition {
      condition     = self.input == 1
      error_message = "x"
    }
  }
}
