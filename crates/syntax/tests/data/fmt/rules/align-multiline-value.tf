a = 1
bb = {
  x = 1
  yyy = 2
}
cccc = 3
