# c
a = 1
