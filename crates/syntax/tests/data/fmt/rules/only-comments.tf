# a

// b
