a = null[0]
