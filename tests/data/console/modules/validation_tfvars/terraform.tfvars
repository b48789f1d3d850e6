v = "bad"
