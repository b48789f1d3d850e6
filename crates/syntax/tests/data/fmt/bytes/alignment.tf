a = "À€" # c
bb = 1 # d
ccc = "aÀ€Ìbí €" # e
dddddddddddddd = /* ÿş */ 1 # f
