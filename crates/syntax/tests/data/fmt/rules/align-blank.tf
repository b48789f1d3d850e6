a = 1
bbb = 2

cc = 3
d = 4
