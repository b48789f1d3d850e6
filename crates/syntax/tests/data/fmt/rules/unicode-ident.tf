héllo = 1
b = 2
