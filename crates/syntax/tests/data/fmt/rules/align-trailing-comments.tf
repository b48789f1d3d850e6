a = 1 # one
bbbb = 22 # two

c = 3    // three
