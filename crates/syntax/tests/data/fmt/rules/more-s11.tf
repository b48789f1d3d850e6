a = f(a, b...)
b = f(
  a,
  b...
)
