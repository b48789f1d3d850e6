port = 443
