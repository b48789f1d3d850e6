}
a = 1;
"quoted" = 2
b = 3
