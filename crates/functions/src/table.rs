//! `FunctionTable`: the functions callable by name, and `standard()`, the built-in library.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::spec::Function;

/// Functions by name.
#[derive(Clone, Debug, Default)]
pub struct FunctionTable {
    functions: BTreeMap<&'static str, Arc<Function>>,
}

impl FunctionTable {
    /// Adds (or replaces) a function.
    pub fn insert(&mut self, function: Function) {
        self.functions.insert(function.name, Arc::new(function));
    }

    /// Removes the function called `name`, if there is one (a dialect without it).
    pub fn remove(&mut self, name: &str) -> Option<Arc<Function>> {
        self.functions.remove(name)
    }

    /// Looks a function up by its plain name (`upper`) or as `core::upper`.
    pub fn get(&self, name: &str) -> Option<&Arc<Function>> {
        let plain = name.strip_prefix("core::").unwrap_or(name);
        self.functions.get(plain)
    }

    /// All functions in name order.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<Function>> {
        self.functions.values()
    }

    /// All names in order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.functions.keys().copied()
    }
}

/// The built-in Terraform function library.
pub fn standard() -> FunctionTable {
    let mut table = FunctionTable::default();
    // Each family's `register(&mut table)` is called here.
    super::collection::register(&mut table);
    super::control::register(&mut table);
    super::conversion::register(&mut table);
    super::crypto::register(&mut table);
    super::csv::register(&mut table);
    super::datetime::register(&mut table);
    super::encoding::register(&mut table);
    super::filesystem::register(&mut table);
    super::json::register(&mut table);
    super::network::register(&mut table);
    super::numeric::register(&mut table);
    super::string::register(&mut table);
    super::template::register(&mut table);
    super::yaml::register(&mut table);
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every function of Terraform 1.x that issue #5 lists, by family.
    const TERRAFORM_FUNCTIONS: &[&str] = &[
        // numeric
        "abs",
        "ceil",
        "floor",
        "log",
        "max",
        "min",
        "parseint",
        "pow",
        "signum",
        "sum",
        // string
        "chomp",
        "endswith",
        "format",
        "formatlist",
        "indent",
        "join",
        "lower",
        "regex",
        "regexall",
        "replace",
        "split",
        "startswith",
        "strcontains",
        "strrev",
        "substr",
        "title",
        "trim",
        "trimprefix",
        "trimspace",
        "trimsuffix",
        "upper",
        // collection
        "alltrue",
        "anytrue",
        "chunklist",
        "coalesce",
        "coalescelist",
        "compact",
        "concat",
        "contains",
        "distinct",
        "element",
        "flatten",
        "index",
        "keys",
        "length",
        "lookup",
        "matchkeys",
        "merge",
        "one",
        "range",
        "reverse",
        "setintersection",
        "setproduct",
        "setsubtract",
        "setunion",
        "slice",
        "sort",
        "transpose",
        "values",
        "zipmap",
        // encoding
        "base64decode",
        "base64encode",
        "base64gzip",
        "csvdecode",
        "jsondecode",
        "jsonencode",
        "textdecodebase64",
        "textencodebase64",
        "urlencode",
        "yamldecode",
        "yamlencode",
        // filesystem
        "abspath",
        "basename",
        "dirname",
        "pathexpand",
        "file",
        "fileexists",
        "fileset",
        "filebase64",
        "templatefile",
        "templatestring",
        // date and time
        "formatdate",
        "timeadd",
        "timecmp",
        "timestamp",
        // hash and crypto
        "base64sha256",
        "base64sha512",
        "bcrypt",
        "filebase64sha256",
        "filebase64sha512",
        "filemd5",
        "filesha1",
        "filesha256",
        "filesha512",
        "md5",
        "rsadecrypt",
        "sha1",
        "sha256",
        "sha512",
        "uuid",
        "uuidv5",
        // IP network
        "cidrhost",
        "cidrnetmask",
        "cidrsubnet",
        "cidrsubnets",
        // type conversion and control
        "can",
        "convert",
        "nonsensitive",
        "issensitive",
        "sensitive",
        "ephemeralasnull",
        "tobool",
        "tolist",
        "tomap",
        "tonumber",
        "toset",
        "tostring",
        "try",
        "type",
    ];

    #[test]
    fn every_terraform_function_is_registered_and_answers_as_core() {
        let table = standard();
        for name in TERRAFORM_FUNCTIONS {
            assert!(table.get(name).is_some(), "{name} is not registered");
            let core = format!("core::{name}");
            assert!(table.get(&core).is_some(), "{core} does not answer");
        }
    }

    #[test]
    fn every_registered_function_has_a_description() {
        for function in standard().iter() {
            let description = function.description.trim();
            assert!(
                description.len() >= 20 && description.ends_with('.'),
                "{} has no proper description: {description:?}",
                function.name
            );
        }
    }

    #[test]
    fn impure_functions_are_marked() {
        let table = standard();
        for name in ["timestamp", "uuid", "bcrypt"] {
            assert!(table.get(name).unwrap().impure, "{name} should be impure");
        }
    }
}
