output "label" {
  value = local.label
}
