a = true ? 1 : 2 ? 3 : 4
