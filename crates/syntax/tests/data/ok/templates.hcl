greeting = "Hello, ${var.name}!"
policy = <<EOT
{
  "Version": "2012-10-17",
  "Resource": "${aws_s3_bucket.b.arn}/*"
}
EOT
script = <<-EOT
  #!/bin/bash
  %{ for s in var.servers ~}
  echo ${s}
  %{ endfor ~}
    indented
  EOT
choice = "%{ if var.prod }production%{ else }staging%{ endif }"
escapes = "$${literal} %%{literal}"
nested = "a ${"b ${"c"}"}"
