a = <<EOT
  ${x}
  EOT
