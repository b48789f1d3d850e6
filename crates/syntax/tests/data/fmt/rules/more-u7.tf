a = "${<<EOT
x
EOT
}"
