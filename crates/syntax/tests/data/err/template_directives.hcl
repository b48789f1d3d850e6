a = "%{ if x }unclosed"
b = "%{ endfor }"
c = "%{ bogus }"
