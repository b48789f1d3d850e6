b {
  a = x[ # c
*].y
}
