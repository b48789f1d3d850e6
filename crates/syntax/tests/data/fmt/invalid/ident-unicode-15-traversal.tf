a = var.𞓐
