a = <<EOT
${f(<<EOF
inner
EOF
)}
EOT
