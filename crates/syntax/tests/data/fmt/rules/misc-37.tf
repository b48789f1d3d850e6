a {}
a = 1
b {}
b = 2
