v = "given"
