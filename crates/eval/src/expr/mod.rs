//! The evaluation of each expression kind; `Ctx` is the state of one evaluation.

mod collection;
mod conditional;
mod for_expr;
mod function_call;
mod iteration;
mod named_value;
mod operation;
mod scalar_program;
mod special_form;
mod splat;
mod template;
mod traversal;

use std::sync::atomic::Ordering;

use terrace_syntax::{Expr, ExprKind, Literal, Name, Span, Template};
use terrace_types::{ConvertError, Marks, Number, Repr, Type, Value};

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::evaluator::{ConsoleValue, Evaluator};
use crate::scope::Scope;

/// How often (in evaluation steps) the interrupt flag is read.
const INTERRUPT_CHECK_INTERVAL: u32 = 1024;

/// The result of evaluating one expression.
pub(crate) type EvalResult = Result<Value, Diagnostics>;

/// The state of one evaluation: the evaluator, the root scope, and the local
/// bindings of the `for` expressions, template `for` directives and splats
/// entered so far.
pub(crate) struct Ctx<'e> {
    pub(crate) evaluator: &'e Evaluator,
    pub(crate) scope: &'e Scope,
    /// Local bindings, innermost last; looked up from the end.
    locals: Vec<(Name, Value)>,
    /// Where each open template `for` scope starts in `locals`.
    template_scopes: Vec<usize>,
    /// The elements splats are visiting, innermost last.
    splat_items: Vec<Value>,
    /// Set while rendering for `templatefile`/`templatestring`: its name.
    template_function: Option<&'static str>,
    /// Set by [`Evaluator::eval_partial`]: the errors of tuple, object and
    /// `for` elements gathered here, each element unknown (HCL's partial
    /// results); `None` while evaluating normally, and inside `try`/`can`.
    deferred: Option<Diagnostics>,
    steps_until_check: u32,
    /// When the evaluator has a budget: when this evaluation started.
    started: Option<std::time::Instant>,
    /// Set by [`Evaluator::eval_constant`]: no variables and no functions at all.
    no_context: bool,
    /// Set by [`Evaluator::eval_console`]: `type(x)` gives a `type` capsule, which only
    /// the console can show.
    console: bool,
    /// The value HCL returns beside the errors of the expression at this span, set by
    /// [`Ctx::failing`] and read by [`Ctx::eval_hcl`].
    failed_value: Option<(Span, Value)>,
    /// The marks a failed template rendering met, passed from its `Interpreter::failed`.
    template_failure_marks: Marks,
}

/// An expression's errors with the value HCL's evaluation returns beside them: an
/// unknown of the type the expression has whatever its operands were (a number for
/// `1 + []`, a tuple for `[upper([])]`), with the marks it had reached, or an
/// unknown of no known type. A conditional unifies the types of both its results,
/// failed or not, and an operator converts a failed operand.
pub(crate) struct Failed {
    pub(crate) diagnostics: Diagnostics,
    pub(crate) value: Value,
}

impl<'e> Ctx<'e> {
    /// A context with no variables and no functions, as HCL evaluates an
    /// expression given no evaluation context.
    pub(crate) fn without_context(evaluator: &'e Evaluator, scope: &'e Scope) -> Ctx<'e> {
        let mut ctx = Ctx::new(evaluator, scope);
        ctx.no_context = true;
        ctx
    }

    pub(crate) fn new(evaluator: &'e Evaluator, scope: &'e Scope) -> Ctx<'e> {
        Ctx {
            evaluator,
            scope,
            locals: Vec::new(),
            template_scopes: Vec::new(),
            splat_items: Vec::new(),
            template_function: None,
            deferred: None,
            steps_until_check: INTERRUPT_CHECK_INTERVAL,
            started: evaluator.budget().map(|_| std::time::Instant::now()),
            no_context: false,
            console: false,
            failed_value: None,
            template_failure_marks: Marks::NONE,
        }
    }

    /// Evaluates `expr` as HCL's `Expression.Value` does: its value, or its errors
    /// with the value it stands for beside them (see [`Failed`]).
    pub(crate) fn eval_hcl(&mut self, expr: &Expr) -> Result<Value, Failed> {
        self.failed_value = None;
        self.eval(expr).map_err(|diagnostics| {
            let value = match self.failed_value.take() {
                // Set by `expr` itself, not by a part whose errors it passed on.
                Some((span, value)) if span == expr.span => value,
                _ => Value::unknown(Type::Dynamic),
            };
            Failed { diagnostics, value }
        })
    }

    /// Records that the expression at `span` fails with `diagnostics`, standing for
    /// `value` (see [`Failed`]), and gives the diagnostics back.
    pub(crate) fn failing(
        &mut self,
        span: Span,
        value: Value,
        diagnostics: Diagnostics,
    ) -> Diagnostics {
        self.failed_value = Some((span, value));
        diagnostics
    }

    /// Evaluates `inner`, which `outer` stands for unchanged (parentheses, a
    /// template of one interpolation): a failure's value becomes `outer`'s.
    pub(crate) fn eval_as(&mut self, inner: &Expr, outer: Span) -> EvalResult {
        match self.eval_hcl(inner) {
            Ok(value) => Ok(value),
            Err(failed) => Err(self.failing(outer, failed.value, failed.diagnostics)),
        }
    }

    /// Evaluates `expr` as [`Evaluator::eval_partial`] does: the value with
    /// failed elements unknown, and every error.
    pub(crate) fn eval_root_partial(&mut self, expr: &Expr) -> (Value, Diagnostics) {
        self.deferred = Some(Diagnostics::new());
        let result = self.eval_root(expr);
        let mut found = self.deferred.take().unwrap_or_default();
        match result {
            Ok(value) => (value, found),
            Err(errors) => {
                found.extend(errors);
                (Value::unknown(Type::Dynamic), found)
            }
        }
    }

    /// Evaluates an element of a tuple, object or `for` result: in a partial
    /// evaluation a failed element is unknown and its errors are kept aside.
    pub(crate) fn eval_element(&mut self, expr: &Expr) -> EvalResult {
        match self.eval(expr) {
            Err(found) if self.deferred.is_some() && !is_interrupt(&found) => {
                if let Some(deferred) = &mut self.deferred {
                    deferred.extend(found);
                }
                Ok(Value::unknown(Type::Dynamic))
            }
            other => other,
        }
    }

    /// How many element errors a partial evaluation has kept aside so far.
    pub(crate) fn deferred_len(&self) -> usize {
        self.deferred.as_ref().map_or(0, Diagnostics::len)
    }

    /// Runs `f` with partial evaluation off (`try` and `can` must see errors).
    pub(crate) fn strictly<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = self.deferred.take();
        let result = f(self);
        self.deferred = saved;
        result
    }

    /// Evaluates a whole expression: Terraform scopes first check every reference.
    pub(crate) fn eval_root(&mut self, expr: &Expr) -> EvalResult {
        self.validate_references(crate::references::references(expr))?;
        self.eval(expr)
    }

    /// Evaluates a console line. A `type()` result shows as the type it holds, however
    /// it got to the top (through `try`, `sensitive`, an index, ...); a result that only
    /// contains one is refused, as Terraform's console refuses a value with its
    /// `TypeType` mark anywhere.
    pub(crate) fn eval_console(&mut self, expr: &Expr) -> Result<ConsoleValue, Diagnostics> {
        self.console = true;
        let value = self.eval_root(expr)?;
        if !value.has_mark_deep(Marks::TYPE_TYPE) {
            return Ok(ConsoleValue::Value(value));
        }
        match value.unmark_deep().0.repr() {
            Repr::Type(ty) => Ok(ConsoleValue::Type(ty.clone())),
            _ => Err(special_form::invalid_use_of_type(expr.span)),
        }
    }

    pub(crate) fn eval_template_root(&mut self, template: &Template) -> EvalResult {
        self.validate_references(crate::references::template_references(template))?;
        self.render(template)
    }

    /// Counts one step and reports an interrupt when the flag is set or the evaluator's
    /// budget is spent.
    fn tick(&mut self, span: Span) -> Result<(), Diagnostics> {
        self.steps_until_check -= 1;
        if self.steps_until_check == 0 {
            self.steps_until_check = INTERRUPT_CHECK_INTERVAL;
            if let Some(flag) = self.evaluator.interrupt_flag()
                && flag.load(Ordering::Relaxed)
            {
                return Err(error(
                    INTERRUPTED,
                    "The evaluation was interrupted before it finished.",
                    span,
                ));
            }
            if let (Some(started), Some(budget)) = (self.started, self.evaluator.budget())
                && started.elapsed() > budget
            {
                return Err(error(
                    INTERRUPTED,
                    format!(
                        "The evaluation took longer than {} ms and was stopped.",
                        budget.as_millis()
                    ),
                    span,
                ));
            }
        }
        Ok(())
    }

    /// Evaluates one expression.
    ///
    /// The kinds every loop body is made of (literals, local variables,
    /// operators) are handled here; the others in [`Ctx::eval_compound`], kept
    /// out of line so that this frequently entered function stays small.
    pub(crate) fn eval(&mut self, expr: &Expr) -> EvalResult {
        self.tick(expr.span)?;
        match &expr.kind {
            ExprKind::Literal(literal) => literal_value(literal, expr.span),
            ExprKind::ScopeTraversal { root, steps } if steps.is_empty() => {
                match self.local(root.as_str()) {
                    Some(value) => Ok(value.clone()),
                    None => self.eval_scope_traversal(root, steps),
                }
            }
            ExprKind::Binary { .. } => self.eval_binary_chain(expr),
            _ => self.eval_compound(expr),
        }
    }

    /// Evaluates the expression kinds [`Ctx::eval`] does not handle itself.
    #[inline(never)]
    fn eval_compound(&mut self, expr: &Expr) -> EvalResult {
        match &expr.kind {
            ExprKind::Literal(literal) => literal_value(literal, expr.span),
            ExprKind::Template(template) => self.eval_template(template, expr.span),
            ExprKind::TupleCons(items) => self.eval_tuple(items, expr.span),
            ExprKind::ObjectCons(items) => self.eval_object(items, expr.span),
            ExprKind::ScopeTraversal { root, steps } => self.eval_scope_traversal(root, steps),
            ExprKind::RelativeTraversal { source, steps } => {
                let value = self.eval(source)?;
                self.apply_steps(value, steps)
            }
            ExprKind::Splat { source, each, .. } => self.eval_splat(source, each),
            ExprKind::SplatItem => Ok(self
                .splat_items
                .last()
                .cloned()
                .unwrap_or_else(|| Value::unknown(Type::Dynamic))),
            ExprKind::FunctionCall(call) => self.eval_call(call, expr.span),
            ExprKind::Unary { op, operand, .. } => self.eval_unary(*op, operand, expr.span),
            ExprKind::Binary { .. } => self.eval_binary_chain(expr),
            ExprKind::Conditional {
                cond,
                true_expr,
                false_expr,
            } => self.eval_conditional(cond, true_expr, false_expr, expr.span),
            ExprKind::For(for_expr) => self.eval_for(for_expr),
            ExprKind::Parens(inner) => self.eval_as(inner, expr.span),
        }
    }

    /// The innermost local binding of `name`.
    fn local(&self, name: &str) -> Option<&Value> {
        self.locals
            .iter()
            .rev()
            .find(|(bound, _)| std::ptr::eq(bound.as_ptr(), name.as_ptr()) || &**bound == name)
            .map(|(_, value)| value)
    }

    /// Runs `f` with `names` bound to the values `f` sets through the returned
    /// slot indexes: a `for` expression's variables, rebound at each element.
    fn with_locals<R>(&mut self, names: &[&Name], f: impl FnOnce(&mut Ctx<'e>, usize) -> R) -> R {
        let base = self.locals.len();
        for name in names {
            self.locals
                .push(((*name).clone(), Value::unknown(Type::Dynamic)));
        }
        let result = f(self, base);
        self.locals.truncate(base);
        result
    }

    /// Sets the value of a slot made by [`Ctx::with_locals`].
    #[inline]
    fn set_local(&mut self, slot: usize, value: Value) {
        self.locals[slot].1 = value;
    }
}

/// One error diagnostic as a `Diagnostics`.
pub(crate) fn error(summary: &str, detail: impl Into<String>, span: Span) -> Diagnostics {
    Diagnostic::error(summary, detail, span).into()
}

/// Converts `value` to `want`, cheaply when it already has that type.
pub(crate) fn convert_to(value: &Value, want: &Type) -> Result<Value, ConvertError> {
    if value.ty() == want || want.is_dynamic() {
        Ok(value.clone())
    } else {
        terrace_types::convert(value, want)
    }
}

/// `message` with a final full stop, unless it already ends a sentence.
pub(crate) fn sentence(message: &str) -> String {
    if message.ends_with(['.', '?', '!']) {
        message.to_string()
    } else {
        format!("{message}.")
    }
}

fn literal_value(literal: &Literal, span: Span) -> EvalResult {
    Ok(match literal {
        Literal::Number(text) => {
            Value::number(Number::parse(text).map_err(|_| invalid_number_literal(text, span))?)
        }
        Literal::String(text) => Value::string(&**text),
        Literal::Bool(b) => Value::bool(*b),
        Literal::Null => Value::null(Type::Dynamic),
    })
}

#[cold]
fn invalid_number_literal(text: &str, span: Span) -> Diagnostics {
    error(
        "Invalid number literal",
        format!("Failed to recognize the value of this number literal: {text}."),
        span,
    )
}

/// The summary of the error an interrupted evaluation ends with.
const INTERRUPTED: &str = "Evaluation interrupted";

/// True when `found` is the interrupt error (never turned into an unknown).
fn is_interrupt(found: &Diagnostics) -> bool {
    found.iter().any(|d| d.summary == INTERRUPTED)
}
