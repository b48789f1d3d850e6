module "m" {
  source = "./m"
}
output "root_bad" {
  type  = number
  value = "nope"
}
