//! Terraform's errors where a cty function implementation panics: Terraform recovers
//! and reports "panic in function implementation: ..." (followed by a Go stack trace,
//! which terrace leaves out), and the configuration fails.

use terrace_types::Type;

use super::error::FunctionError;

/// The error Terraform reports when a function implementation panics with `message`.
pub(super) fn panic_error(message: impl AsRef<str>) -> FunctionError {
    FunctionError::new(format!(
        "panic in function implementation: {}",
        message.as_ref()
    ))
}

/// A type as Go's `%#v` writes a cty type (`cty.Object(map[string]cty.Type{"a":cty.Number})`).
pub(super) fn go_type(ty: &Type) -> String {
    match ty {
        Type::String => "cty.String".into(),
        Type::Number => "cty.Number".into(),
        Type::Bool => "cty.Bool".into(),
        Type::Dynamic => "cty.DynamicPseudoType".into(),
        Type::List(ety) => format!("cty.List({})", go_type(ety)),
        Type::Map(ety) => format!("cty.Map({})", go_type(ety)),
        Type::Set(ety) => format!("cty.Set({})", go_type(ety)),
        Type::Tuple(etys) if etys.is_empty() => "cty.EmptyTuple".into(),
        Type::Tuple(etys) => {
            let etys: Vec<String> = etys.iter().map(go_type).collect();
            format!("cty.Tuple([]cty.Type{{{}}})", etys.join(", "))
        }
        Type::Object(object) if object.attrs.is_empty() => "cty.EmptyObject".into(),
        Type::Object(object) => {
            // Go prints a map's keys sorted, as the attributes are kept.
            let attrs: Vec<String> = object
                .attrs
                .iter()
                .map(|(name, aty)| format!("{name:?}:{}", go_type(aty)))
                .collect();
            format!("cty.Object(map[string]cty.Type{{{}}})", attrs.join(", "))
        }
        Type::TypeCapsule => "cty.CapsuleVal".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_spelling_of_types() {
        // As Terraform 1.15.5 writes them in "incompatible set rules" and
        // "does not conform" panics.
        assert_eq!(go_type(&Type::tuple(Vec::new())), "cty.EmptyTuple");
        assert_eq!(go_type(&Type::Dynamic), "cty.DynamicPseudoType");
        let object = Type::object([("a", Type::Number)]);
        assert_eq!(
            go_type(&object),
            "cty.Object(map[string]cty.Type{\"a\":cty.Number})"
        );
    }
}
