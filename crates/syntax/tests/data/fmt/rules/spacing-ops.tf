a = 1+2*3/4%5-6
b = !c&&d||e
c = a==b!=c<d>e<=f>=g
d = a?b:c
e = -1
f = 2 - -3
g = a[0]-1
