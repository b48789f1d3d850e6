a = {
  b = 1,  c = 2
  dd = 3
}
