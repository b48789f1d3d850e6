//! `output` blocks: the value, `sensitive`, and the rule that sensitive data needs `sensitive = true`.

use terrace_syntax::Name;
use terrace_types::{Marks, Type, Value, convert};

use super::diagnostics::ModuleDiagnostic;
use super::loader::BlockConfig;
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

/// Evaluates an `output` block.
pub(crate) fn eval_output(
    block: &BlockConfig<'_>,
    scope: &Scope,
    evaluator: &Evaluator,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> OutputValue {
    let name = Name::from(block.name());
    let sensitive = block
        .attr("sensitive")
        .and_then(|attr| evaluator.eval(&attr.expr, &Scope::new()).ok())
        .and_then(|v| convert(&v, &Type::Bool).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    let Some(attr) = block.attr("value") else {
        diagnostics.push(ModuleDiagnostic::new(
            block.file,
            Diagnostic::error(
                "Missing required argument",
                "The argument \"value\" is required, but no definition was found.",
                block.def_span,
            ),
        ));
        return OutputValue {
            name,
            value: Value::unknown(Type::Dynamic),
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
            Value::unknown(Type::Dynamic)
        }
    };
    if !sensitive && value.has_mark_deep(Marks::SENSITIVE) {
        diagnostics.push(ModuleDiagnostic::new(
            attr.file,
            Diagnostic::error(
                "Output refers to sensitive values",
                "To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, Terraform requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\nIf you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n    sensitive = true",
                attr.expr.span,
            ),
        ));
    }
    let value = if sensitive {
        value.mark(Marks::SENSITIVE)
    } else {
        value
    };
    OutputValue {
        name,
        value,
        sensitive,
    }
}
