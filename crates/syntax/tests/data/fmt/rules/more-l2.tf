x "a\u200bb" {}
