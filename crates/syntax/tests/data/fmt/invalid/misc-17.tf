a {
b = 1
