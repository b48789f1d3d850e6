a = {
  # only comment
}
