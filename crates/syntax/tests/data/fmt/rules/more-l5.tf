x "a\\b" "c\"d" {}
