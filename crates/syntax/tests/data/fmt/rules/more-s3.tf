a = x[*].y[*].z
b = x.*.y
c = x[0].*.y
