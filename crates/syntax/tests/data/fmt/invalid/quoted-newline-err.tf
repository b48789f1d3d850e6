a = "b
c"
