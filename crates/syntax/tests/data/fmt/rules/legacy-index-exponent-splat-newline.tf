a = x .0e1
b = x.1e3
d = (x[
*])
e = f(x[*
])
