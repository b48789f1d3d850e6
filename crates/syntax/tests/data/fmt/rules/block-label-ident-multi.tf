a b c d {}
