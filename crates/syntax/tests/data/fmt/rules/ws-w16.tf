a = <<-EOT
  x
  EOT   
