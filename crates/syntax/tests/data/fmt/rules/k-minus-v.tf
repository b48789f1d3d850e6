a = {for k, v in m: k => - v}
b = in(list)
