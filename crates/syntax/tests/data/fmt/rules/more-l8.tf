x "a\rb" {}
