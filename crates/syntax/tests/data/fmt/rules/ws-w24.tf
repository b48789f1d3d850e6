a = /* c */ 1
bbb = 2
