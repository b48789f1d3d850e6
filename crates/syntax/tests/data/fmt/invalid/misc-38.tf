block {
  attr = 1
  attr = 2
}
