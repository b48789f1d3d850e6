a { b = 1, c = 2 }
d { e = 1
}
f { g {} }
