variable x {
  type = "map"
}
