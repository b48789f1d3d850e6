a "b" {
  c = 1
} # trailing
