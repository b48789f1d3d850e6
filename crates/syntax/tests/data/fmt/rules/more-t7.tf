a = <<-EOT
		foo
	EOT
