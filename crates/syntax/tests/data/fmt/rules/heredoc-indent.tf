a {
  b = <<-EOT
      hello ${ x }
    EOT
  c = 1
}
