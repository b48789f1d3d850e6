a = 'x'
