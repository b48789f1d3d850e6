//! Conversion of values to a wanted type (cty's `convert.Convert`).
//!
//! PLACEHOLDER: only identity and `any` — to be replaced by the full conversion rules.

use crate::ty::Type;
use crate::value::Value;

/// Why a conversion failed: the path to the offending element and a plain-words message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", if path.is_empty() { String::new() } else { format!("{path}: ") })]
pub struct ConvertError {
    /// The path to the element that failed, like `.name[2]` (empty for the value itself).
    pub path: String,
    /// What is wrong, e.g. `string required`.
    pub message: String,
}

/// Converts `value` to type `want` (unsafe conversions allowed, as Terraform does for arguments).
pub fn convert(value: &Value, want: &Type) -> Result<Value, ConvertError> {
    if want == &Type::Dynamic || value.ty() == want {
        return Ok(value.clone());
    }
    Err(ConvertError {
        path: String::new(),
        message: "conversion not implemented".into(),
    })
}
