locals { x = 1 }
