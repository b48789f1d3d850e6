a = 1 # cx
