a = <<EOT
%{ if x ~}
  y
%{ endif ~}
EOT
