b = x.1.e5
