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
