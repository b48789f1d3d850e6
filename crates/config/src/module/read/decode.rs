//! Block arguments decoded as Terraform's gohcl decodes them when it reads a module: constant
//! expressions (no variables or functions of the module) converted to a Go type, and type
//! constraints.

use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_eval::type_expr::type_constraint;
use terrace_syntax::{ExprKind, Literal};
use terrace_types::{Type, TypeConstraint, Value, convert};

use super::body::ConfigAttr;
use super::diagnostics::ModuleDiagnostic;
use super::files::FileId;
use super::module_config::BlockConfig;

/// Evaluates a constant expression (a default, a `.tfvars` value).
pub(crate) fn constant(
    evaluator: &Evaluator,
    expr: &terrace_syntax::Expr,
    file: FileId,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<Value> {
    match evaluator.eval_constant(expr) {
        Ok(value) => Some(value),
        Err(found) => {
            diagnostics.extend(found.into_iter().map(|d| ModuleDiagnostic::new(file, d)));
            None
        }
    }
}

/// The constant argument `name` converted to `ty`, as Terraform's gohcl decodes an argument
/// into a Go value: `None` when it is not there, or fails, does not convert or is null
/// (reported: "Unsuitable value type", after the failure's own errors).
pub(crate) fn decoded_attr(
    block: &BlockConfig<'_>,
    name: &str,
    ty: &Type,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<Value> {
    decoded(block.attr(name)?, ty, evaluator, diagnostics)
}

/// The constant argument `attr` converted to `ty` ([`decoded_attr`]).
pub(crate) fn decoded(
    attr: &ConfigAttr<'_>,
    ty: &Type,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<Value> {
    // An expression that failed has an unknown value, which no Go value can hold.
    let problem = match constant(evaluator, &attr.literal_expr(), attr.file, diagnostics) {
        None => "value must be known".to_string(),
        Some(value) => match convert(&value, ty) {
            Ok(value) if !value.is_null() => return Some(value),
            Ok(_) => "null value is not allowed".to_string(),
            Err(error) => error.to_string(),
        },
    };
    diagnostics.push(ModuleDiagnostic::new(
        attr.file,
        Diagnostic::error(
            "Unsuitable value type",
            format!("Unsuitable value: {problem}"),
            attr.expr.span,
        ),
    ));
    None
}

/// A bool argument ([`decoded_attr`]), `default` when it is not there or not a bool.
pub(crate) fn bool_attr(
    block: &BlockConfig<'_>,
    name: &str,
    default: bool,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> bool {
    decoded_attr(block, name, &Type::Bool, evaluator, diagnostics)
        .and_then(|value| value.as_bool())
        .unwrap_or(default)
}

/// A string argument ([`decoded_attr`]).
pub(crate) fn string_attr(
    block: &BlockConfig<'_>,
    name: &str,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<String> {
    decoded_attr(block, name, &Type::String, evaluator, diagnostics)
        .and_then(|value| value.as_str().map(str::to_string))
}

/// The type constraint of a `variable` block's `type` argument, with the forms Terraform
/// accepts only there: the bare keywords `list` and `map` (of any element type, as before
/// Terraform 0.12), and Terraform 0.11's quoted types, each refused with its own message.
pub(crate) fn variable_type(
    block: &BlockConfig<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<TypeConstraint> {
    let attr = block.attr("type")?;
    if attr.json.is_none()
        && let ExprKind::Literal(Literal::String(quoted)) = &attr.expr.kind
    {
        let removal = "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform.";
        let (summary, detail) = match &**quoted {
            "string" => (
                "Invalid quoted type constraints",
                format!("{removal} Remove the quotes around \"string\"."),
            ),
            kind @ ("list" | "map") => (
                "Invalid quoted type constraints",
                format!(
                    "{removal} Remove the quotes around \"{kind}\" and write {kind}(string) instead to explicitly indicate that the {kind} elements are strings."
                ),
            ),
            _ => (
                "Invalid legacy variable type hint",
                "To provide a full type expression, remove the surrounding quotes and give the type expression directly.".to_string(),
            ),
        };
        diagnostics.push(ModuleDiagnostic::new(
            attr.file,
            Diagnostic::error(summary, detail, attr.expr.span),
        ));
        return None;
    }
    let keyword = attr.static_expr().ok().and_then(|expr| {
        expr.as_keyword()
            .map(|keyword| keyword.as_str().to_string())
    });
    match keyword.as_deref() {
        Some("list") => Some(TypeConstraint::list(TypeConstraint::new(Type::Dynamic))),
        Some("map") => Some(TypeConstraint::map(TypeConstraint::new(Type::Dynamic))),
        _ => declared_type(block, diagnostics),
    }
}

/// The type constraint of a `variable` or `output` block's `type` argument; `None` when
/// there is none, or it is not a type (reported).
pub(crate) fn declared_type(
    block: &BlockConfig<'_>,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<TypeConstraint> {
    let attr = block.attr("type")?;
    let found = attr
        .static_expr()
        .map_err(|_| {
            // A JSON string that is no expression, in Terraform's words.
            Diagnostic::error(
                "Invalid type specification",
                "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
                attr.expr.span,
            )
        })
        .and_then(|expr| type_constraint(&expr));
    match found {
        Ok(constraint) => Some(constraint),
        Err(found) => {
            diagnostics.push(ModuleDiagnostic::new(attr.file, found));
            None
        }
    }
}

/// Decodes a resource's `lifecycle` flags as Terraform does on reading (bools, constants).
pub(crate) fn check_lifecycle_flags(
    block: &BlockConfig<'_>,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) {
    for attr in &block.lifecycle {
        if matches!(
            &*attr.name,
            "create_before_destroy" | "prevent_destroy" | "destroy"
        ) {
            decoded(attr, &Type::Bool, evaluator, diagnostics);
        }
    }
}
