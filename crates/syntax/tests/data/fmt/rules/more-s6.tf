a = -x
b = - x
c = 1 -x
d = (1)-x
e = x[0]-1
f = f()-1
