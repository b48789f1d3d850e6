a = b * -c
d = (e) - 1
f = g[0] - 1
