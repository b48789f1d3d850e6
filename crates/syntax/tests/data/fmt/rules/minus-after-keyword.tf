a = [for x in y: -x]
b = x == -1
