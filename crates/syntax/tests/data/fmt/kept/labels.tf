resource aws_instance "web" {
}
x "a$b" "c" {}
y "100%" {}
z /* c */ "a" /* d */ "b" {}
