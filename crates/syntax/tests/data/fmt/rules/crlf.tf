a {
  b=1
  # c
  ccc = 2 # d
}
