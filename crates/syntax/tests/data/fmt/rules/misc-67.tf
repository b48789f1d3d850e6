x "a\nb" {}
