a = "${ x }"   # comment
bb = 2 # c
