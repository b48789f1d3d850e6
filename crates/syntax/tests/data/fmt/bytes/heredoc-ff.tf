# ©
a = <<EOT
ÿ
EOT
