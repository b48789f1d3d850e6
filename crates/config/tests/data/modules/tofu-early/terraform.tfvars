which = "b"
