locals {
  # main.tf.json starts with a byte-order mark, which Terraform refuses in JSON
  # (it accepts one in native syntax).
  b = 2
}
