# A bare name is no local path (that needs "./m"), and no registry or remote address.
module "m" {
  source = "m"
}
