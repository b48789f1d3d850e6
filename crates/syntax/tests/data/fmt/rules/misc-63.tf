a = (x).y
