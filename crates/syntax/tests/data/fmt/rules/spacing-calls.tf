a = f( 1 , 2 )
b = f(x...)
c = provider::aws::arn_parse(x)
d = a . b [ 0 ] . c
e = a.*.b
f = a[*].b
