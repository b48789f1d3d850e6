a = x[true]
b = var.m[ false ].id
c = local.x[null]
d = "${x[true]}"
e = [for v in y: v[true]] # not a variable: kept
f = x[*][true]
