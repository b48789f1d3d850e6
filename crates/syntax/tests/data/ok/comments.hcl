# hash comment
// slash comment
/* block
   comment */
a = 1 # trailing
b = 2 // trailing
c = /* inline */ 3
d = [
  1, # in a tuple
  /* here too */ 2,
]
e = {
  x = 1 // in an object
}
