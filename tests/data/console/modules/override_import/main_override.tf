import {
  to = terraform_data.b
  id = "x"
}
