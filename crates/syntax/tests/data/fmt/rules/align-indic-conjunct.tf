locals {
  m = {
    "क्ष" = 1
    kssa = 2
    "হিন্দী" = 3
  }
  a = "क्षि" # conjunct
  bbbbbbbbbb = 1 # two columns in Unicode 15.0
}
x = "ক্ষক্ষ" // c
y = 2 // d
