x = [for n in [1, 2] : n * 10]
