a = [for k, v in x: v if k]
