# Literals of every kind.
number   = 42
float    = 3.14
exponent = 1e10
negative = -7
string   = "hello"
escaped  = "tab\there \"quoted\" \\ \u00e9"
boolean  = true
nothing  = null
tuple    = [1, "two", [3], {four = 4}]
object   = { a = 1, "b" = 2, c: 3 }
trailing = [
  1,
  2,
]
