# A module expanded 2000 times whose instances each have outputs: every
# output set marks the caller's `module.m` changed, which must not rebuild
# the whole tuple once per instance (that was quadratic in the count).
module "m" {
  source = "./m"
  count  = 2000
  index  = count.index
}

locals {
  total = sum(module.m[*].double)
}
