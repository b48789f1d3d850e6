//! A `terraform` block's `required_providers` entries, checked as Terraform decodes them when
//! it reads a module: a legacy version string, or an object of `source`, `version` and
//! `configuration_aliases` under a local name in normal form.

use terrace_eval::{Diagnostic, Evaluator};
use terrace_syntax::{Expr, ExprKind, ObjectKey, Span, TraversalStep};
use terrace_types::Value;

use super::body::ConfigAttr;
use super::diagnostics::ModuleDiagnostic;
use super::files::FileId;
use super::names::{check_provider_name, provider_part};
use super::static_checks::{list_items, not_a_reference};
use super::version_constraint::{check_version_constraint, is_constraint};

/// Checks one `required_providers` entry, `attr` (named by the provider's local name).
pub(crate) fn check_required_provider(
    attr: &ConfigAttr<'_>,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let Ok(expr) = attr.static_expr() else {
        return;
    };
    let file = attr.file;
    let error = |summary: &str, detail: String, span: Span| {
        ModuleDiagnostic::new(file, Diagnostic::error(summary, detail, span))
    };
    // The legacy form: a version constraint alone.
    if let Ok(value) = evaluator.eval_constant(&expr)
        && value.ty().is_primitive()
    {
        check_version_constraint(&attr.name, &expr, file, evaluator, diagnostics);
        if let Err(reason) = provider_part(&attr.name) {
            diagnostics.push(error(
                "Invalid provider name",
                reason.to_string(),
                expr.span,
            ));
        }
        return;
    }
    let start = diagnostics.len();
    check_provider_name(&attr.name, expr.span, file, diagnostics);
    if diagnostics.len() > start {
        return;
    }
    let ExprKind::ObjectCons(items) = &expr.strip_parens().kind else {
        diagnostics.push(error(
            "Invalid required_providers object",
            "required_providers entries must be strings or objects.".to_string(),
            expr.span,
        ));
        return;
    };
    for item in items {
        let (key, key_span) = match &item.key {
            ObjectKey::Ident(ident) => (ident.as_str().to_string(), ident.span),
            ObjectKey::Expr(key) => match evaluator.eval_constant(key) {
                Ok(value) => match value.as_str() {
                    Some(text) => (text.to_string(), key.span),
                    None => {
                        diagnostics.push(error(
                            "Invalid Attribute",
                            format!(
                                "Invalid attribute value for provider requirement: {}",
                                terrace_types::format_value(&value)
                            ),
                            key.span,
                        ));
                        continue;
                    }
                },
                Err(found) => {
                    diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(file, d)));
                    continue;
                }
            },
        };
        let value = &item.value;
        match key.as_str() {
            "version" => match constant_string(evaluator, value) {
                None => diagnostics.push(error(
                    "Invalid version constraint",
                    "Version must be specified as a string.".to_string(),
                    value.span,
                )),
                Some(text) if !is_constraint(&text) => diagnostics.push(error(
                    "Invalid version constraint",
                    "This string does not use correct version constraint syntax.".to_string(),
                    value.span,
                )),
                Some(_) => {}
            },
            "source" => match constant_string(evaluator, value) {
                None => diagnostics.push(error(
                    "Invalid source",
                    "Source must be specified as a string.".to_string(),
                    value.span,
                )),
                Some(source) => {
                    if let Err((summary, detail)) = source_problem(&source) {
                        diagnostics.push(error(summary, detail, value.span));
                    }
                }
            },
            "configuration_aliases" => {
                check_configuration_aliases(&attr.name, value, file, diagnostics);
            }
            _ => {
                diagnostics.push(error(
                    "Invalid required_providers object",
                    "required_providers objects can only contain \"version\", \"source\" and \"configuration_aliases\" attributes. To configure a provider, use a \"provider\" block.".to_string(),
                    key_span,
                ));
                break;
            }
        }
    }
}

/// The value of `expr` when it is a constant string (not a number or bool).
fn constant_string(evaluator: &Evaluator, expr: &Expr) -> Option<String> {
    evaluator
        .eval_constant(expr)
        .ok()
        .filter(|value| value.ty() == &terrace_types::Type::String)
        .as_ref()
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// What is wrong with a provider source address (`[hostname/][namespace/]type`), in Terraform's
/// words; hostnames are not checked.
fn source_problem(source: &str) -> Result<(), (&'static str, String)> {
    let parts: Vec<&str> = source.split('/').collect();
    if parts.len() > 3 || parts.iter().any(|part| part.is_empty()) {
        return Err((
            "Invalid provider source string",
            "The \"source\" attribute must be in the format \"[hostname/][namespace/]name\""
                .to_string(),
        ));
    }
    let given_type = parts[parts.len() - 1];
    let ty = provider_part(given_type).map_err(|reason| {
        (
            "Invalid provider type",
            format!("Invalid provider type \"{given_type}\" in source \"{source}\": {reason}\""),
        )
    })?;
    if parts.len() >= 2 {
        let namespace = parts[parts.len() - 2];
        if namespace != "-"
            && let Err(reason) = provider_part(namespace)
        {
            // Terraform names the namespace it failed to produce: always empty.
            return Err((
                "Invalid provider namespace",
                format!("Invalid provider namespace \"\" in source \"{source}\": {reason}\""),
            ));
        }
        if namespace == "-" && parts.len() == 3 && parts[0] != "registry.terraform.io" {
            return Err((
                "Invalid provider namespace",
                "The legacy provider namespace \"-\" can be used only with hostname registry.terraform.io.".to_string(),
            ));
        }
    }
    if let Some(rest) = ty.strip_prefix("terraform-") {
        let shown = |ty: &str| {
            let host = if parts.len() == 3 {
                parts[0]
            } else {
                "registry.terraform.io"
            };
            let namespace = if parts.len() >= 2 {
                parts[parts.len() - 2]
            } else {
                "hashicorp"
            };
            if host == "registry.terraform.io" {
                format!("{namespace}/{ty}")
            } else {
                format!("{host}/{namespace}/{ty}")
            }
        };
        if let Some(suggested) = rest.strip_prefix("provider-")
            && provider_part(suggested).is_ok()
        {
            return Err((
                "Invalid provider type",
                format!(
                    "Provider source \"{}\" has a type with the prefix \"terraform-provider-\", which isn't valid. Although that prefix is often used in the names of version control repositories for Terraform providers, provider source strings should not include it.\n\nDid you mean \"{}\"?",
                    shown(&ty),
                    shown(suggested)
                ),
            ));
        }
        return Err((
            "Invalid provider type",
            format!(
                "Provider source \"{}\" has a type with the prefix \"terraform-\", which isn't allowed because it would be redundant to name a Terraform provider with that prefix. If you are the author of this provider, rename it to not include the prefix.",
                shown(&ty)
            ),
        ));
    }
    Ok(())
}

/// `configuration_aliases`: a list of `NAME.ALIAS` references to this provider's own local name.
fn check_configuration_aliases(
    name: &str,
    value: &Expr,
    file: FileId,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    let Some(items) = list_items(value, file, diagnostics) else {
        return;
    };
    for item in items {
        let Some(traversal) = terrace_syntax::static_traversal(item) else {
            diagnostics.push(not_a_reference(file, item.span));
            continue;
        };
        let compact = matches!(traversal.steps.as_slice(), [TraversalStep::Attr { .. }]);
        let detail = if !compact {
            "Configuration aliases can only contain references to local provider configuration names in the format of provider.alias".to_string()
        } else if traversal.root.as_str() != name {
            format!(
                "Configuration aliases must be prefixed with the provider name. Expected \"{name}\", but found \"{}\".",
                traversal.root.as_str()
            )
        } else {
            continue;
        };
        diagnostics.push(ModuleDiagnostic::new(
            file,
            Diagnostic::error("Invalid configuration_aliases value", detail, value.span),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::source_problem;

    #[test]
    fn provider_sources_follow_terraforms_rules() {
        for good in [
            "aws",
            "hashicorp/aws",
            "registry.terraform.io/hashicorp/aws",
            "-/aws",
        ] {
            assert!(source_problem(good).is_ok(), "{good:?}");
        }
        let summary = |source| source_problem(source).unwrap_err().0;
        assert_eq!(summary("hashicorp//aws"), "Invalid provider source string");
        assert_eq!(summary("a/b/c/d"), "Invalid provider source string");
        assert_eq!(summary("hashicorp/my_aws"), "Invalid provider type");
        assert_eq!(summary("my_org/aws"), "Invalid provider namespace");
        assert_eq!(summary("example.com/-/aws"), "Invalid provider namespace");
        assert_eq!(
            summary("hashicorp/terraform-provider-aws"),
            "Invalid provider type"
        );
        assert_eq!(summary("hashicorp/terraform-aws"), "Invalid provider type");
    }
}
