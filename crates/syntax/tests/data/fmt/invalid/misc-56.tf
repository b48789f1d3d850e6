a = "x"y
