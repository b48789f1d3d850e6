a = "never closed
b = 2
