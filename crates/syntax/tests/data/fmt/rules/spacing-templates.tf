a = "x ${ b } y %{ if c }d%{ endif }"
b = "${ {a=1} }"
c = "${~ x ~}"
