a = b ? c
