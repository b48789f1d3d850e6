a = <<EOT
EOT 
b = 1
