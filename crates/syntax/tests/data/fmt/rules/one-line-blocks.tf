a { b = 1 }
c {}
d { }
e "x" { f = { g = 1 } }
