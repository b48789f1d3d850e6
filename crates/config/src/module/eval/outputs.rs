//! `output` blocks: the value, its `type` constraint (Terraform 1.15), `sensitive`, and the rule that sensitive data needs `sensitive = true`.

use terrace_syntax::Name;
use terrace_types::{Marks, Type, TypeConstraint, Value, convert};

use crate::module::inputs::conditions::{Failure, failed_rule};
use crate::module::read::decode::{bool_attr, declared_type, string_attr};
use crate::module::read::diagnostics::ModuleDiagnostic;
use crate::module::read::module_config::BlockConfig;
use terrace_eval::Diagnostic;
use terrace_eval::Evaluator;
use terrace_eval::Scope;

/// An evaluated output.
#[derive(Clone, Debug)]
pub struct OutputValue {
    /// The output's name.
    pub name: Name,
    /// Its value (marked sensitive when declared so).
    pub value: Value,
    /// `sensitive = true`.
    pub sensitive: bool,
}

/// What Terraform reads from an `output` block when it loads the module, before anything is
/// evaluated.
#[derive(Debug)]
pub(crate) struct OutputDecl {
    /// The `type` constraint (Terraform 1.15); `None` when there is none or it is invalid.
    pub(crate) constraint: Option<TypeConstraint>,
    /// `sensitive = true`.
    pub(crate) sensitive: bool,
    /// `ephemeral = true`: the value may be ephemeral.
    pub(crate) ephemeral: bool,
}

/// Decodes an `output` block's arguments as Terraform does when it reads the module, in its
/// order: `value` (required), `description` (a string), `type`, `sensitive` and `ephemeral` (bools), `deprecated`
/// (a string), each a constant; an output block has no `postcondition`.
pub(crate) fn decode_output(
    block: &BlockConfig<'_>,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> OutputDecl {
    if block.attr("value").is_none() {
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            Diagnostic::error(
                "Missing required argument",
                "The argument \"value\" is required, but no definition was found.",
                block.missing_item_span,
            ),
        ));
    }
    string_attr(block, "description", evaluator, diagnostics);
    let constraint = declared_type(block, diagnostics);
    let sensitive = bool_attr(block, "sensitive", false, evaluator, diagnostics);
    let ephemeral = bool_attr(block, "ephemeral", false, evaluator, diagnostics);
    string_attr(block, "deprecated", evaluator, diagnostics);
    for nested in block
        .blocks
        .iter()
        .filter(|b| &*b.block_type == "postcondition")
    {
        diagnostics.push(ModuleDiagnostic::new(
            nested.file,
            Diagnostic::error(
                "Postconditions are not allowed",
                "Output values can only have preconditions, not postconditions.",
                nested.type_span,
            ),
        ));
    }
    OutputDecl {
        constraint,
        sensitive,
        ephemeral,
    }
}

/// Evaluates an `output` block decoded as `decl`, of the root module or not; after an error
/// its value is unknown.
pub(crate) fn eval_output(
    block: &BlockConfig<'_>,
    decl: &OutputDecl,
    root: bool,
    scope: &Scope,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> OutputValue {
    let name = Name::from(block.name());
    let start = diagnostics.len();
    let constraint = &decl.constraint;
    let sensitive = decl.sensitive;
    let unknown = || {
        let ty = constraint.as_ref().map_or(Type::Dynamic, |c| c.ty.clone());
        Value::unknown(ty)
    };
    // A precondition that fails leaves the output unknown, as Terraform does not evaluate it.
    let mut failed = false;
    if root && decl.ephemeral {
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            Diagnostic::error(
                "Ephemeral output not allowed",
                "Ephemeral outputs are not allowed in context of a root module",
                block.def_span,
            ),
        ));
        failed = true;
    }
    for rule in block
        .blocks
        .iter()
        .filter(|b| &*b.block_type == "precondition")
    {
        let failure = failed_rule(
            rule,
            scope,
            evaluator,
            (
                "Invalid condition result",
                "Invalid condition result value: a bool is required.",
            ),
            "The error message is invalid.",
            diagnostics,
        );
        if let Some(Failure {
            message,
            at: (file, span),
        }) = failure
        {
            diagnostics.push(ModuleDiagnostic::new(
                file,
                Diagnostic::error("Module output value precondition failed", message, span),
            ));
            failed = true;
        }
    }
    if failed {
        return OutputValue {
            name,
            value: unknown(),
            sensitive,
        };
    }
    // A missing `value` was reported when the block was decoded.
    let Some(attr) = block.attr("value") else {
        return OutputValue {
            name,
            value: unknown(),
            sensitive,
        };
    };
    let value = match evaluator.eval(&attr.expr, scope) {
        Ok(value) => value,
        Err(found) => {
            diagnostics.extend(
                found
                    .into_iter()
                    .map(|d| ModuleDiagnostic::new(attr.file, d)),
            );
            unknown()
        }
    };
    // A declared type: its defaults applied, then the value converted to it.
    let value = match constraint {
        None => value,
        Some(constraint) => match convert(&constraint.apply_defaults(&value), &constraint.ty) {
            Ok(value) => value,
            Err(error) => {
                diagnostics.push(ModuleDiagnostic::new(
                    attr.file,
                    Diagnostic::error(
                        "Invalid output value",
                        format!(
                            "The value expression does not match this output value's type constraint: {error}."
                        ),
                        attr.expr.span,
                    ),
                ));
                unknown()
            }
        },
    };
    if !decl.ephemeral && value.has_mark_deep(Marks::EPHEMERAL) {
        diagnostics.push(ModuleDiagnostic::new(
            attr.file,
            Diagnostic::error(
                "Ephemeral value not allowed",
                "This output value is not declared as returning an ephemeral value, so it cannot be set to a result derived from an ephemeral value.",
                attr.expr.span,
            ),
        ));
    }
    // Only a root module's output must be declared sensitive to return a sensitive value.
    if root && !sensitive && value.has_mark_deep(Marks::SENSITIVE) {
        // Terraform's subject is the `output` block's header, not the value.
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            Diagnostic::error(
                "Output refers to sensitive values",
                "To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, Terraform requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\nIf you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n    sensitive = true",
                block.def_span,
            ),
        ));
    }
    let value = if diagnostics[start..].iter().any(ModuleDiagnostic::is_error) {
        // Terraform keeps no value for an output that failed: unknown, of its declared type.
        unknown()
    } else {
        // A module's output declared `ephemeral` is ephemeral whatever its value, and one
        // declared `sensitive` is sensitive.
        let mut marks = Marks::NONE;
        if sensitive {
            marks |= Marks::SENSITIVE;
        }
        if decl.ephemeral {
            marks |= Marks::EPHEMERAL;
        }
        value.mark(marks)
    };
    OutputValue {
        name,
        value,
        sensitive,
    }
}
