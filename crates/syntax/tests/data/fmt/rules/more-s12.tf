a = null
b = true&&false
