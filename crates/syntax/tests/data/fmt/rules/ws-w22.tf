a = "x" /* c
  d */ 
b = 2
