a = b.0.c
d = e.1.2
