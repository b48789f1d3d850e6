a = <<EOT
  ${f([
1
])}
EOT
b = 1
