m = {
  "a᫤" = 1 # a mark from Unicode 17: two columns for Terraform
  "𑭧" = 2
  "؀𑏑" = 3
  "aೳ" = 4 # Unicode 15.0: one column
  bbbbbb = 5 # x
}
