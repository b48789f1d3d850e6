a = x.1 . e5
b = x.1 .2
