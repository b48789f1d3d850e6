a = [
  1, # one
  22, # two
]
