a = x %{}
b = x%{a=1}
c = 5%{for k,v in m: k=>v}["a"]
d = "${x %{}}"
