a = <<EOT
  EOTX
EOT
