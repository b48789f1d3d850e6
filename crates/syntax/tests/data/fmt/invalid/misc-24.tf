a = b[
