a = 1 /* x */
/* multi
   line */
b = 2
  // lead
c = 3
