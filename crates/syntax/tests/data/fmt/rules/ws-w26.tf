a = <<EOT
foo
 EOT
