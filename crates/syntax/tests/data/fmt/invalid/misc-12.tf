a = f(x..., y)
