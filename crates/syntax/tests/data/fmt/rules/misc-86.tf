a = "a%b"
