a = <<-EOT
  x
  EOT
b = <<EOT
EOT
