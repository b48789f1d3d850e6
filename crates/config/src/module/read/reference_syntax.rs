//! What Terraform refuses in a reference before evaluating it, beyond instance keys:
//! `addrs.ParseRef`'s rules that an instance key is a string or a whole number
//! (`module.m[1.5]`, `aws_instance.a[1.5]`: "Invalid index key") and that a module
//! instance is followed only by an output name (`module.m[0]["out"]`: "Module instance
//! objects do not support this operation"), and the static validation of what follows a
//! resource instance of a known schema: an attribute, not an index
//! (`terraform_data.r["a"]["output"]`), nor the pre-0.12 `count`.

use terrace_eval::{Diagnostic, Reference};
use terrace_syntax::{IndexKey, TraversalStep};

/// The error for a module reference with a key that is not a string or a whole
/// number, or with an index where an output name belongs.
pub(crate) fn module_reference_error(reference: &Reference) -> Option<Diagnostic> {
    if reference.root() != "module" {
        return None;
    }
    let steps = reference.steps();
    let Some(TraversalStep::Attr { .. }) = steps.first() else {
        return None;
    };
    if let Some(error) = steps
        .get(1)
        .and_then(|step| instance_key_error(step, "module"))
    {
        return Some(error);
    }
    let after_key = match steps.get(1) {
        Some(TraversalStep::Index { .. }) => steps.get(2),
        _ => None,
    };
    match after_key {
        Some(step @ TraversalStep::Index { .. }) => Some(Diagnostic::error(
            "Invalid reference",
            "Module instance objects do not support this operation.",
            step.span(),
        )),
        _ => None,
    }
}

/// "Invalid index key" for an instance key `step` (of a `module` or a `resource`
/// instance) that is a number but not a whole one.
pub(crate) fn instance_key_error(step: &TraversalStep, what: &str) -> Option<Diagnostic> {
    let TraversalStep::Index {
        key: IndexKey::Number(text),
        span,
    } = step
    else {
        return None;
    };
    let whole = text.parse::<i64>().is_ok()
        || text
            .parse::<f64>()
            .is_ok_and(|n| n.fract() == 0.0 && n.abs() < 9.2e18);
    (!whole).then(|| {
        Diagnostic::error(
            "Invalid index key",
            format!(
                "Invalid index for {what} instance: value must be a whole number, between -9223372036854775808 and 9223372036854775807."
            ),
            *span,
        )
    })
}

/// The error for `rest`, what follows a resource instance (after its instance key, when
/// it has `count` or `for_each`) whose schema is known, when it starts with an index or
/// with `count`; `address` is the resource's.
pub(crate) fn resource_index_error(rest: &[TraversalStep], address: &str) -> Option<Diagnostic> {
    if let Some(TraversalStep::Attr { name, span }) = rest.first()
        && &**name == "count"
    {
        return Some(Diagnostic::error(
            "Invalid resource count attribute",
            format!(
                "The special \"count\" attribute is no longer supported after Terraform v0.12. Instead, use length({address}) to count resource instances."
            ),
            *span,
        ));
    }
    let Some(TraversalStep::Index { key, span }) = rest.first() else {
        return None;
    };
    let detail = match key {
        IndexKey::String(name) if is_identifier(name) => format!(
            "Only attribute access is allowed here. Did you mean to access attribute \"{name}\" using the dot operator?"
        ),
        _ => "Only attribute access is allowed here, using the dot operator.".to_string(),
    };
    Some(Diagnostic::error("Invalid index operation", detail, *span))
}

/// Whether `name` is an HCL identifier (`hclsyntax.ValidIdentifier`).
fn is_identifier(name: &str) -> bool {
    name.starts_with(|c: char| c.is_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}
