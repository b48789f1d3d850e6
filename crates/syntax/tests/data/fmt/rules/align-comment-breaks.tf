a = 1
# c
bbb = 2
