sum      = 1 + 2 * 3 - 4 / 2 % 3
compare  = a < b && c >= d || !e
equal    = x == y != z
cond     = var.enabled ? length(var.list) : 0
nested   = a ? b : c ? d : e
calls    = merge(local.a, { b = 2 }, try(var.c, null))
expand   = concat(var.lists...)
ns       = provider::aws::arn_parse(var.arn)
list_for = [for s in var.list : upper(s) if s != ""]
map_for  = { for k, v in var.map : k => v.id... }
multi    = (
  1 +
  2
)
index    = var.list[length(var.list) - 1]
modulo_brace = x %{}
modulo_object = 5%{a = 1}
