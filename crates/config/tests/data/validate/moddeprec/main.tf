module "m" {
  source = "./m"
  v = 1
}
