a = "\q"
b = "\u12"
c = "ok"
