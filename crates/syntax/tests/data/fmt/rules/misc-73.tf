x {
  y = <<EOT
  a
  EOT
  zz = 1
}
