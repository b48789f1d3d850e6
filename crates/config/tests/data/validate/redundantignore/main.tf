resource "terraform_data" "r" {
  lifecycle {
    ignore_changes = [id]
  }
}
