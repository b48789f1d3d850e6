//! The schemas of Terraform's built-in provider (`terraform.io/builtin/terraform`), the only ones known without installing a provider.
//!
//! With a schema, a resource with no state looks exactly as in `terraform
//! console`: an object of every attribute the schema has, each unknown with
//! its type, and reading any other attribute is an error.

use terrace_types::Type;

/// The attributes of the managed resource type `resource_type` (`is_data`
/// false) or data source type, with their types, when the built-in provider
/// defines it.
pub(crate) fn builtin_schema(
    is_data: bool,
    resource_type: &str,
) -> Option<Vec<(&'static str, Type)>> {
    match (is_data, resource_type) {
        (false, "terraform_data") => Some(vec![
            ("id", Type::String),
            ("input", Type::Dynamic),
            ("output", Type::Dynamic),
            ("triggers_replace", Type::Dynamic),
        ]),
        (true, "terraform_remote_state") => Some(vec![
            ("backend", Type::String),
            ("config", Type::Dynamic),
            ("defaults", Type::Dynamic),
            ("outputs", Type::Dynamic),
            ("workspace", Type::String),
        ]),
        _ => None,
    }
}
