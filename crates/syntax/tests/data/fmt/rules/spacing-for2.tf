a = [for x in [1,2]: x]
b = {for k, v in m : k => v...}
c = [for x in(list): x]
