a {
  /* c */ b = 1
  cc = 2
}
