a = [for x in y : x if x > 0]
b = [for i, x in y: {a = x}]
