x = upper("a")
