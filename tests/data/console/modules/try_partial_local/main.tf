# Reduced from Azure caf-enterprise-scale modules/archetypes with template_file_variables = {}:
# templatefile fails for one file, so the local is an object with that entry unknown.
variable "vars" {
  type    = any
  default = {}
}

locals {
  files   = tolist(fileset("${path.module}/lib", "*.json"))
  guarded = try(length(local.files) > 0, false) ? { for f in local.files : f => jsondecode(templatefile("${path.module}/lib/${f}", merge(var.vars, { y = 1 }))) } : null
  known   = { a = 1 }
}
