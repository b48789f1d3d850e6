a = f(#c
)
