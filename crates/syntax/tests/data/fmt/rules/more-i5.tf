x = f(a, [
  1
], b)
y = 2
