a = 1
b = <<EOT
no closing marker
EO
