ids      = aws_instance.web[*].id
attr     = aws_instance.web.*.private_ip
first    = aws_instance.web.*.tags[0]
each     = var.list[*].tags["Name"]
legacy   = aws_instance.web.0.id
nested   = var.groups[*].members[*].name
relative = element(var.list, 0).name
literal  = [1, 2, 3][1]
legacy_exponent = x.1e3
legacy_exponent_spaced = x .0E+1
splat_newline_in_parens = (x[
*])
splat_newline_in_list = [x[*
]]
