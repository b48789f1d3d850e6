a = (
  b
  ? c
  : d
)
