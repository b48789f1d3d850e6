a = { b }
