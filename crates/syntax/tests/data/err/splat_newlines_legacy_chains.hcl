a = x[
*]
b = x[*
]
c = x[ # c
*]
d = x.1.0.1
e = x.1e3.2
