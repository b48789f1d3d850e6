//! Functions that need the evaluator itself: `try`, `can`, `type`, `convert`,
//! `templatefile` and `templatestring` (their table entries only document them).

use terrace_syntax::{ExprKind, FunctionCall, Literal, SourceMap, Span, Template};
use terrace_types::{Key, Type, Value};

use super::function_call::{call_error, check_arity, invalid_argument};
use super::{Ctx, EvalResult, convert_to, error};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::scope::Scope;
use terrace_functions::CallError;

/// The error for `type()` outside the console, or a console result that holds a
/// `type()` result somewhere inside it.
pub(super) fn invalid_use_of_type(span: Span) -> Diagnostics {
    error(
        "Invalid use of type function",
        "The console-only \"type\" function cannot be used as part of an expression.",
        span,
    )
}

impl Ctx<'_> {
    /// Evaluates a call to one of the special functions, by its table name.
    pub(super) fn special_form(
        &mut self,
        name: &str,
        function_call: &FunctionCall,
        span: Span,
    ) -> Option<EvalResult> {
        let result = match name {
            "try" => self.strictly(|ctx| ctx.eval_try(function_call, span)),
            "can" => self.strictly(|ctx| ctx.eval_can(function_call)),
            "type" if self.console => self.eval_type_call(function_call),
            "type" => Err(invalid_use_of_type(span)),
            "convert" => self.eval_convert(function_call, span),
            "templatefile" => self.eval_templatefile(function_call, span),
            "templatestring" => self.eval_templatestring(function_call, span),
            _ => return None,
        };
        Some(result)
    }

    /// The console's `type(x)`: `x`'s type in a `type` capsule, with `x`'s marks (as
    /// Terraform's function, which does not take marked arguments, passes them on).
    fn eval_type_call(&mut self, function_call: &FunctionCall) -> EvalResult {
        self.special_arity(function_call)?;
        let value = self.eval(&function_call.args[0])?;
        Ok(Value::type_capsule(value.ty().clone()).mark(value.marks_deep()))
    }

    /// Checks the arity of a special function against its table entry.
    fn special_arity(&self, function_call: &FunctionCall) -> Result<(), Diagnostics> {
        if function_call.expand_final.is_some() {
            return Err(error(
                "Invalid expanding argument value",
                format!(
                    "The function \"{}\" does not accept an expanded argument (...).",
                    function_call.name.as_str()
                ),
                function_call
                    .expand_final
                    .unwrap_or(function_call.close_paren),
            ));
        }
        match self.evaluator.functions().get(function_call.name.as_str()) {
            Some(function) => check_arity(function, function_call, function_call.args.len(), None),
            None => Ok(()),
        }
    }

    /// `try(a, b, ...)`: the first argument that evaluates without errors, as HCL's
    /// `tryfunc` does since v2.18 (Terraform 1.6): each argument is evaluated, and the
    /// first that succeeds gives the result, or an unknown when it is not wholly known.
    fn eval_try(&mut self, function_call: &FunctionCall, span: Span) -> EvalResult {
        self.special_arity(function_call)?;
        if function_call.args.is_empty() {
            return Err(error(
                "Error in function call",
                "Call to function \"try\" failed: at least one argument is required.",
                span,
            ));
        }
        let mut failures = Diagnostics::new();
        for arg in &function_call.args {
            match self.eval(arg) {
                // A value not wholly known may still fail once known (an index into an
                // unknown collection), or become a different type: HCL's `try` cannot
                // pick an argument yet. An error stays an error however the unknowns
                // resolve, so the next argument is tried.
                Ok(value) if !value.is_wholly_known() => return Ok(Value::unknown(Type::Dynamic)),
                Ok(value) => return Ok(value),
                Err(found) => failures.extend(found),
            }
        }
        let mut detail =
            String::from("Call to function \"try\" failed: no expression succeeded:\n");
        for failure in &failures {
            detail.push_str(&format!("- {}\n  {}\n", failure.summary, failure.detail));
        }
        detail.push_str("At least one expression must produce a successful result.");
        let mut diagnostic = Diagnostic::error("Error in function call", detail, span);
        for failure in failures {
            diagnostic = diagnostic.with_label(failure.span, failure.summary);
        }
        Err(diagnostic.into())
    }

    /// `can(x)`: whether `x` evaluates without errors (unknown while its value is not
    /// wholly known).
    fn eval_can(&mut self, function_call: &FunctionCall) -> EvalResult {
        self.special_arity(function_call)?;
        match self.eval(&function_call.args[0]) {
            Err(_) => Ok(Value::bool(false)),
            Ok(value) if !value.is_wholly_known() => Ok(Value::unknown(Type::Bool)),
            Ok(_) => Ok(Value::bool(true)),
        }
    }

    /// `convert(value, type)`: the second argument is a type constraint, not a value.
    fn eval_convert(&mut self, function_call: &FunctionCall, span: Span) -> EvalResult {
        self.special_arity(function_call)?;
        let value = self.eval(&function_call.args[0])?;
        let constraint = crate::type_expr::type_constraint(&function_call.args[1])?;
        let arg_spans = [function_call.args[0].span, function_call.args[1].span];
        let converted = terrace_functions::call_convert(value, &constraint.ty)
            .map_err(|e| call_error(e, function_call, &arg_spans, span))?;
        Ok(constraint.apply_defaults(&converted))
    }

    /// `templatefile(path, vars)`: renders a template file with only `vars` in scope.
    fn eval_templatefile(&mut self, function_call: &FunctionCall, span: Span) -> EvalResult {
        self.special_arity(function_call)?;
        if let Some(outer) = self.template_function {
            return Err(error(
                "Error in function call",
                format!(
                    "Call to function \"templatefile\" failed: cannot recursively call templatefile from inside {outer} call."
                ),
                span,
            ));
        }
        let arg_spans = [function_call.args[0].span, function_call.args[1].span];
        let fail = |index: usize, param: &'static str, message: String| {
            invalid_argument(index, param, message, function_call, &arg_spans, span)
        };
        let path = self.eval(&function_call.args[0])?;
        let path = convert_to(&path, &Type::String).map_err(|e| fail(0, "path", e.to_string()))?;
        if path.is_null() {
            return Err(fail(0, "path", "argument must not be null".into()));
        }
        let vars = self.eval(&function_call.args[1])?;
        let (path, path_marks) = path.unmark_deep();
        let Some(path) = path.as_str() else {
            return Ok(Value::unknown(Type::Dynamic).mark(path_marks));
        };
        // Read as `file` reads: the same messages, size cap and refusal of pipes and devices.
        let src = terrace_functions::read_text_file(self.evaluator.context(), path).map_err(
            |e| match e.arg_index {
                Some(_) => fail(0, "path", e.message),
                None => call_error(
                    CallError::Failed {
                        function: "templatefile",
                        message: e.message,
                    },
                    function_call,
                    &arg_spans,
                    span,
                ),
            },
        )?;
        let template = terrace_syntax::parse_template(&src).map_err(|e| {
            let at = location(&src, path, e.span());
            fail(0, "path", format!("{at}: {}; {}", e.summary(), e.detail()))
        })?;
        self.render_template_function(
            "templatefile",
            &template,
            &src,
            path,
            vars,
            span,
            &arg_spans,
            function_call,
        )
        .map(|value| value.mark(path_marks))
    }

    /// `templatestring(ref, vars)`: renders a template held in a string value.
    fn eval_templatestring(&mut self, function_call: &FunctionCall, span: Span) -> EvalResult {
        self.special_arity(function_call)?;
        if let Some(outer) = self.template_function {
            return Err(error(
                "Error in function call",
                format!(
                    "Call to function \"templatestring\" failed: cannot call templatestring from inside {outer} call."
                ),
                span,
            ));
        }
        let arg_spans = [function_call.args[0].span, function_call.args[1].span];
        let fail = |index: usize, param: &'static str, message: String| {
            invalid_argument(index, param, message, function_call, &arg_spans, span)
        };
        let template_expr = &function_call.args[0];
        match &template_expr.strip_parens().kind {
            ExprKind::ScopeTraversal { .. } | ExprKind::RelativeTraversal { .. } => {}
            ExprKind::Literal(Literal::String(_)) | ExprKind::Template(_) => {
                return Err(fail(
                    0,
                    "template",
                    "invalid template expression: templatestring is only for rendering templates retrieved dynamically from elsewhere, and so does not support providing a literal template; consider using a template string expression instead".into(),
                ));
            }
            _ => {
                return Err(fail(
                    0,
                    "template",
                    "invalid template expression: must be a direct reference to a single string from elsewhere, containing valid Terraform template syntax".into(),
                ));
            }
        }
        let text = self.eval(template_expr)?;
        let text =
            convert_to(&text, &Type::String).map_err(|e| fail(0, "template", e.to_string()))?;
        if text.is_null() {
            return Err(fail(0, "template", "argument must not be null".into()));
        }
        let vars = self.eval(&function_call.args[1])?;
        let (text, marks) = text.unmark_deep();
        let Some(src) = text.as_str() else {
            return Ok(Value::unknown(Type::Dynamic).mark(marks));
        };
        let template = terrace_syntax::parse_template(src).map_err(|e| {
            fail(
                0,
                "template",
                format!("invalid template: {}; {}", e.summary(), e.detail()),
            )
        })?;
        let value = self.render_template_function(
            "templatestring",
            &template,
            src,
            "<templatestring argument>",
            vars,
            span,
            &arg_spans,
            function_call,
        )?;
        // Unlike `templatefile`, the result must be a string.
        let value = convert_to(&value, &Type::String).map_err(|e| {
            error(
                "Error in function call",
                format!(
                    "Call to function \"templatestring\" failed: invalid template result: {e}."
                ),
                span,
            )
        })?;
        Ok(value.mark(marks))
    }

    /// Renders `template` for `templatefile`/`templatestring` with only `vars` in scope.
    #[allow(clippy::too_many_arguments)]
    fn render_template_function(
        &mut self,
        function_name: &'static str,
        template: &Template,
        src: &str,
        origin: &str,
        vars: Value,
        span: Span,
        arg_spans: &[Span],
        function_call: &FunctionCall,
    ) -> EvalResult {
        let fail =
            |message: String| invalid_argument(1, "vars", message, function_call, arg_spans, span);
        if vars.is_null() {
            return Err(fail("argument must not be null".into()));
        }
        // As Terraform's `vars` parameter, unmarked deeply: every mark in the map
        // goes to the result, whether the template uses its value or not.
        let (vars, vars_marks) = vars.unmark_deep();
        if !(vars.ty().is_map() || vars.ty().is_object() || vars.ty().is_dynamic()) {
            return Err(fail("invalid vars value: must be a map".into()));
        }
        if !vars.is_wholly_known() {
            return Ok(Value::unknown(Type::Dynamic).mark(vars_marks));
        }
        let mut scope = Scope::new();
        if let Some(attrs) = vars.as_attrs() {
            for (name, value) in attrs {
                if !terrace_syntax::is_identifier(name) {
                    return Err(fail(format!(
                        "invalid template variable name \"{name}\": must start with a letter, followed by zero or more letters, digits, and underscores"
                    )));
                }
                scope.insert(Key::clone(name), value.clone());
            }
        }
        for reference in crate::references::template_references(template) {
            if !scope.contains(reference.root()) {
                let at = format!(
                    "\"{}\", referenced at {}",
                    reference.root(),
                    location(src, origin, reference.traversal.root.span)
                );
                return Err(fail(format!("vars map does not contain key {at}")));
            }
        }
        let mut inner = Ctx::new(self.evaluator, &scope);
        inner.template_function = Some(function_name);
        inner.steps_until_check = self.steps_until_check;
        inner.started = self.started;
        let result = inner.render(template);
        result
            .map(|value| value.mark(vars_marks))
            .map_err(|found| relocate(found, src, origin, span))
    }
}

/// Diagnostics from inside a template source moved to the call's span, with a
/// label saying where in the template they arose.
fn relocate(diagnostics: Diagnostics, src: &str, origin: &str, span: Span) -> Diagnostics {
    Diagnostics(
        diagnostics
            .into_iter()
            .map(|mut diagnostic| {
                let at = location(src, origin, diagnostic.span);
                diagnostic.span = span;
                diagnostic.labels = vec![(span, format!("in {at}"))];
                diagnostic
            })
            .collect(),
    )
}

/// `file:line,col-col` as HCL writes a source range.
fn location(src: &str, origin: &str, span: Span) -> String {
    let map = SourceMap::new(src);
    let (start, end) = map.span_locations(span);
    if start.line == end.line {
        format!("{origin}:{},{}-{}", start.line, start.column, end.column)
    } else {
        format!(
            "{origin}:{},{}-{},{}",
            start.line, start.column, end.line, end.column
        )
    }
}
