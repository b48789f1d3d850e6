// Examples from the tutorials in shared/seeds (types and conversions, `for`, splats,
// templates, and the `buckets` variable with `optional` defaults).
export const EXAMPLES = [
  {
    name: "Types and conversions",
    mode: "expression",
    expr: `{
  implicit = 15 + "1"
  strings  = tolist(["a", 15, true])
  numbers  = tonumber("3.1415")
  flag     = tobool("true") && true
  kinds    = [type(15), type("15"), type([15])]
}`,
  },
  {
    name: "for expressions",
    mode: "expression",
    expr: `{
  upper    = [for s in ["a", "", "b"] : upper(s) if s != ""]
  by_first = {for s in ["apple", "avocado", "banana"] : substr(s, 0, 1) => s...}
  lengths  = [for k, v in {a = "x", bb = "yy"} : length(k) + length(v)]
}`,
  },
  {
    name: "Splats",
    mode: "expression",
    expr: `[
  {id = "i-1", interfaces = [{name = "eth0"}]},
  {id = "i-2", interfaces = [{name = "eth1"}]},
][*].id`,
  },
  {
    name: "Templates",
    mode: "expression",
    expr: `<<-EOT
  Hello, %{ if "" != "" }someone%{ else }unnamed%{ endif }!
  %{ for ip in ["10.0.0.1", "10.0.0.2"] ~}
  server \${ip}
  %{ endfor ~}
  EOT`,
  },
  {
    name: "optional defaults (buckets)",
    mode: "module",
    expr: "var.buckets",
    files: {
      "main.tf": `locals {
  enabled_names = [for b in var.buckets : b.name if b.enabled]
  index_pages   = var.buckets[*].website.index_document
}
`,
      "variables.tf": `variable "buckets" {
  type = list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
      routing_rules  = optional(string)
    }), {})
  }))
}
`,
      "terraform.tfvars": `buckets = [
  {
    name = "production"
    website = {
      routing_rules = <<-EOT
      [
        {
          "Condition" = { "KeyPrefixEquals": "img/" },
          "Redirect"  = { "ReplaceKeyPrefixWith": "images/" }
        }
      ]
      EOT
    }
  },
  {
    name    = "archived"
    enabled = false
  },
  {
    name = "docs"
    website = {
      index_document = "index.txt"
      error_document = "error.txt"
    }
  },
]
`,
    },
  },
];
