a = "${x}%{for i in y}${i}%{endfor}"
