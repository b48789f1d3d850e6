a = <<EOT
	x
EOT
