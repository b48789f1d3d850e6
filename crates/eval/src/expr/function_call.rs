//! Function calls: lookup (with did-you-mean), `...` expansion, arity, and the call protocol.

use std::sync::Arc;

use terrace_syntax::{FunctionCall, Span};
use terrace_types::{Type, Value};

use super::{Ctx, EvalResult, error, sentence};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::suggest::suggest;
use terrace_functions::{CallError, Function, call};

impl Ctx<'_> {
    /// `name(args...)`, as HCL's `FunctionCallExpr`.
    pub(super) fn eval_call(&mut self, function_call: &FunctionCall, span: Span) -> EvalResult {
        if self.no_context {
            return Err(error(
                "Function calls not allowed",
                "Functions may not be called here.",
                span,
            ));
        }
        let name = function_call.name.as_str();
        let Some(function) = self.evaluator.functions().get(name).map(Arc::clone) else {
            return Err(self.unknown_function(function_call).into());
        };
        if let Some(result) = self.special_form(function.name, function_call, span) {
            return result;
        }
        let deferred_before = self.deferred_len();

        let mut n_fixed = function_call.args.len();
        let mut expanded: Vec<Value> = Vec::new();
        let mut expand_span = None;
        if function_call.expand_final.is_some()
            && let Some(last) = function_call.args.last()
        {
            n_fixed -= 1;
            expand_span = Some(last.span);
            let value = self.eval(last)?;
            let ty = value.ty();
            let expandable = ty.is_tuple() || ty.is_list() || ty.is_set() || ty.is_dynamic();
            if !expandable {
                return Err(error(
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                    last.span,
                ));
            }
            if value.is_null() {
                return Err(error(
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must not be null.",
                    last.span,
                ));
            }
            if !value.is_known() || ty.is_dynamic() {
                return Ok(Value::unknown(Type::Dynamic));
            }
            let (value, marks) = value.unmark();
            expanded = value
                .as_seq()
                .map(|elems| elems.iter().map(|e| e.clone().mark(marks)).collect())
                .unwrap_or_default();
        }

        let n_args = n_fixed + expanded.len();
        check_arity(&function, function_call, n_args, expand_span)?;

        let mut args = Vec::with_capacity(n_args);
        let mut arg_spans = Vec::with_capacity(n_args);
        for arg in &function_call.args[..n_fixed] {
            args.push(self.eval(arg)?);
            arg_spans.push(arg.span);
        }
        if self.deferred_len() > deferred_before {
            // HCL calls no function whose arguments had errors.
            return Ok(Value::unknown(Type::Dynamic));
        }
        if let Some(expand_span) = expand_span {
            arg_spans.extend(std::iter::repeat_n(expand_span, expanded.len()));
            args.extend(expanded);
        }
        call(&function, self.evaluator.context(), args)
            .map_err(|e| call_error(e, function_call, &arg_spans, span))
    }

    /// The error for a call to a function the table does not have.
    fn unknown_function(&self, function_call: &FunctionCall) -> Diagnostic {
        let name = function_call.name.as_str();
        let span = function_call.name.span;
        let table = self.evaluator.functions();
        if let Some(sep) = name.rfind("::") {
            let namespace = &name[..sep + 2];
            let short = &name[sep + 2..];
            if self.scope.is_terraform() && !namespace.starts_with("core::") {
                let mut segments = name.split("::");
                let first = segments.next().unwrap_or_default();
                return if first == "provider" {
                    let provider = segments.next().unwrap_or_default();
                    Diagnostic::error(
                        "Unknown provider function",
                        format!(
                            "There is no function named \"{name}\". Ensure that provider name \"{provider}\" is declared in this module's required_providers block, and that this provider offers a function named \"{short}\"."
                        ),
                        span,
                    )
                } else {
                    Diagnostic::error(
                        "Unknown provider function",
                        format!(
                            "The function namespace \"{first}\" is not valid. Provider function calls must use the \"provider::\" namespace prefix."
                        ),
                        span,
                    )
                };
            }
            if namespace != "core::" {
                return Diagnostic::error(
                    "Call to unknown function",
                    format!("There are no functions in namespace \"{namespace}\"."),
                    span,
                );
            }
            let found = suggest(short, table.names());
            let hint = found
                .map(|s| format!(" Did you mean {namespace}{s}?"))
                .unwrap_or_default();
            let diagnostic = Diagnostic::error(
                "Call to unknown function",
                format!("There is no function named \"{short}\" in namespace {namespace}.{hint}"),
                span,
            );
            return match found {
                Some(s) => diagnostic.with_suggestion(format!("{namespace}{s}")),
                None => diagnostic,
            };
        }
        let found = suggest(name, table.names());
        let hint = found
            .map(|s| format!(" Did you mean \"{s}\"?"))
            .unwrap_or_default();
        let diagnostic = Diagnostic::error(
            "Call to unknown function",
            format!("There is no function named \"{name}\".{hint}"),
            span,
        );
        match found {
            Some(s) => diagnostic.with_suggestion(s),
            None => diagnostic,
        }
    }
}

/// Checks the number of arguments against the function's parameters.
pub(super) fn check_arity(
    function: &Function,
    function_call: &FunctionCall,
    n_args: usize,
    expand_span: Option<Span>,
) -> Result<(), Diagnostics> {
    let name = function_call.name.as_str();
    let n_params = function.params.len();
    if n_args < n_params {
        let qualifier = if function.variadic.is_some() {
            " at least"
        } else {
            ""
        };
        return Err(error(
            "Not enough function arguments",
            format!(
                "Function \"{name}\" expects{qualifier} {n_params} argument(s). Missing value for \"{}\".",
                function.params[n_args].name
            ),
            function_call.close_paren,
        ));
    }
    if function.variadic.is_none() && n_args > n_params {
        let span = function_call
            .args
            .get(n_params)
            .map(|arg| arg.span)
            .or(expand_span)
            .unwrap_or(function_call.close_paren);
        return Err(error(
            "Too many function arguments",
            format!("Function \"{name}\" expects only {n_params} argument(s)."),
            span,
        ));
    }
    Ok(())
}

/// The diagnostic for argument `index` (parameter `param`) being unsuitable.
pub(super) fn invalid_argument(
    index: usize,
    param: &'static str,
    message: String,
    function_call: &FunctionCall,
    arg_spans: &[Span],
    span: Span,
) -> Diagnostics {
    call_error(
        CallError::InvalidArgument {
            index,
            param,
            message,
        },
        function_call,
        arg_spans,
        span,
    )
}

/// The diagnostic for a failed call.
pub(super) fn call_error(
    e: CallError,
    function_call: &FunctionCall,
    arg_spans: &[Span],
    span: Span,
) -> Diagnostics {
    let name = function_call.name.as_str();
    match e {
        CallError::NotEnoughArguments {
            expected, missing, ..
        } => error(
            "Not enough function arguments",
            format!(
                "Function \"{name}\" expects {expected} argument(s). Missing value for \"{missing}\"."
            ),
            function_call.close_paren,
        ),
        CallError::TooManyArguments { expected, .. } => error(
            "Too many function arguments",
            format!("Function \"{name}\" expects only {expected} argument(s)."),
            span,
        ),
        CallError::InvalidArgument {
            index,
            param,
            message,
        } => error(
            "Invalid function argument",
            sentence(&format!(
                "Invalid value for \"{param}\" parameter: {message}"
            )),
            arg_spans.get(index).copied().unwrap_or(span),
        ),
        CallError::Failed { message, .. } => error(
            "Error in function call",
            sentence(&format!("Call to function \"{name}\" failed: {message}")),
            function_call.name.span.to(function_call.open_paren),
        ),
    }
}
