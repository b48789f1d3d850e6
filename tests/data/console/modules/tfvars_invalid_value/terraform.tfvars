v   = "abc"
obj = { b = 1 }
nn  = null
