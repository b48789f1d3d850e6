a = 1 /* x
y */ # c
bb = 2 # d
