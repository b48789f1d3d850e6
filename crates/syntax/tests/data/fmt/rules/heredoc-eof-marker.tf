a = <<EOT
x
  EOT  
