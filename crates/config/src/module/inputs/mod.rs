//! Phase 2, inputs: the values of a module's input variables (defaults, `TF_VAR_`, `.tfvars`, `--var`, a calling block's arguments), checked against their type and `validation` rules. Imports only `read`.

pub(crate) mod conditions;
pub(crate) mod variables;
