x "a\u00a0b" {}
