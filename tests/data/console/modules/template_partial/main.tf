# Values that cannot be interpolated: HCL keeps the text before the first of them, and
# Terraform keeps that for the local (the errors are still reported). A directive is one
# part: an error inside it keeps none of its text.
locals {
  object   = "a-${ {k = 1} }-z"
  null     = "x${null}y"
  list     = "p${[1]}q${upper("r")}"
  in_for   = "%{ for v in [1, {}] }${v},%{ endfor }end"
  in_if    = "a%{ if true }b${null}c%{ endif }d"
  after    = "a%{ for v in [1, 2] }${v}%{ endfor }-${ {} }"
  elements = [for s in ["ok", { k = 1 }] : "v-${s}"]
  file     = templatestring("a-$${x}-z", { x = {} })
  fine     = "fine-${1}"
}
