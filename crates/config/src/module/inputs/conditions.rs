//! Evaluating a check rule (a `validation` or `precondition` block): its condition and, when it
//! is false, its error message.

use terrace_eval::{Diagnostic, Evaluator, Scope};
use terrace_syntax::Span;
use terrace_types::{Type, convert};

use crate::module::read::body::ConfigBlock;
use crate::module::read::diagnostics::ModuleDiagnostic;
use crate::module::read::files::FileId;

/// A check rule whose condition is false.
pub(crate) struct Failure {
    /// Its error message (`fallback` when that is not a known string).
    pub(crate) message: String,
    /// The condition's file and span.
    pub(crate) at: (FileId, Span),
}

/// Evaluates the check rule `rule` in `scope`: `Some` when its condition is known and false.
/// A condition that fails to evaluate, or that is not a bool (`not_bool`: summary and detail),
/// is reported.
pub(crate) fn failed_rule(
    rule: &ConfigBlock<'_>,
    scope: &Scope,
    evaluator: &Evaluator,
    not_bool: (&str, &str),
    fallback: &str,
    diagnostics: &mut Vec<ModuleDiagnostic>,
) -> Option<Failure> {
    let content = rule.body.all_content();
    let condition = content.attr("condition")?;
    let result = match evaluator.eval(&condition.expr, scope) {
        Ok(result) => result,
        Err(found) => {
            diagnostics.extend(
                found
                    .into_iter()
                    .map(|d| ModuleDiagnostic::new(condition.file, d)),
            );
            return None;
        }
    };
    let (result, _) = result.unmark_deep();
    if !result.is_known() {
        return None;
    }
    match convert(&result, &Type::Bool).ok().and_then(|v| v.as_bool()) {
        Some(true) => None,
        Some(false) => {
            let message = content
                .attr("error_message")
                .and_then(|attr| evaluator.eval(&attr.expr, scope).ok())
                .and_then(|v| v.unmark_deep().0.as_str().map(str::to_string))
                .unwrap_or_else(|| fallback.to_string());
            Some(Failure {
                message,
                at: (condition.file, condition.expr.span),
            })
        }
        None => {
            diagnostics.push(ModuleDiagnostic::new(
                condition.file,
                Diagnostic::error(not_bool.0, not_bool.1, condition.expr.span),
            ));
            None
        }
    }
}
