//! The evaluation of each expression kind; `Ctx` is the state of one evaluation.

use std::sync::atomic::Ordering;

use terrace_syntax::{Expr, ExprKind, Literal, Span, Template};
use terrace_types::{Number, Value};

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::evaluator::{ConsoleValue, Evaluator};
use crate::scope::Scope;

/// How often (in evaluation steps) the interrupt flag is read.
const INTERRUPT_CHECK_INTERVAL: u32 = 1024;

/// The state of one evaluation: the evaluator, the root scope, and the local
/// bindings of the `for` expressions and template `for` directives entered so far.
pub(crate) struct Ctx<'e> {
    pub(crate) evaluator: &'e Evaluator,
    pub(crate) scope: &'e Scope,
    /// Local bindings, innermost last; looked up from the end.
    pub(crate) locals: Vec<(terrace_syntax::Name, Value)>,
    /// The elements splats are visiting, innermost last.
    pub(crate) splat_items: Vec<Value>,
    steps_until_check: u32,
}

pub(crate) type EvalResult = Result<Value, Diagnostics>;

impl<'e> Ctx<'e> {
    pub(crate) fn new(evaluator: &'e Evaluator, scope: &'e Scope) -> Ctx<'e> {
        Ctx {
            evaluator,
            scope,
            locals: Vec::new(),
            splat_items: Vec::new(),
            steps_until_check: INTERRUPT_CHECK_INTERVAL,
        }
    }

    pub(crate) fn eval_root(&mut self, expr: &Expr) -> EvalResult {
        self.eval(expr)
    }

    pub(crate) fn eval_console(&mut self, expr: &Expr) -> Result<ConsoleValue, Diagnostics> {
        self.eval(expr).map(ConsoleValue::Value)
    }

    pub(crate) fn eval_template_root(&mut self, template: &Template) -> EvalResult {
        Err(not_yet(template.span))
    }

    /// Counts one step and reports an interrupt when the flag is set.
    pub(crate) fn tick(&mut self, span: Span) -> Result<(), Diagnostics> {
        self.steps_until_check -= 1;
        if self.steps_until_check == 0 {
            self.steps_until_check = INTERRUPT_CHECK_INTERVAL;
            if let Some(flag) = self.evaluator.interrupt_flag()
                && flag.load(Ordering::Relaxed)
            {
                return Err(Diagnostic::error(
                    "Evaluation interrupted",
                    "evaluation interrupted",
                    span,
                )
                .into());
            }
        }
        Ok(())
    }

    /// Evaluates one expression.
    pub(crate) fn eval(&mut self, expr: &Expr) -> EvalResult {
        self.tick(expr.span)?;
        match &expr.kind {
            ExprKind::Literal(literal) => literal_value(literal, expr.span),
            ExprKind::Parens(inner) => self.eval(inner),
            ExprKind::ScopeTraversal { root, steps } if steps.is_empty() => {
                self.lookup(root.as_str(), expr.span)
            }
            ExprKind::SplatItem => Ok(self
                .splat_items
                .last()
                .cloned()
                .unwrap_or_else(|| Value::unknown(terrace_types::Type::Dynamic))),
            _ => Err(not_yet(expr.span)),
        }
    }
}

impl Ctx<'_> {
    /// The value of a root name: a local binding, else a scope root.
    fn lookup(&self, name: &str, span: Span) -> EvalResult {
        if let Some((_, value)) = self.locals.iter().rev().find(|(n, _)| &**n == name) {
            return Ok(value.clone());
        }
        match self.scope.root(name) {
            Some(root) => Ok(root.value.clone()),
            None => Err(Diagnostic::error(
                "Unknown variable",
                format!("There is no variable named \"{name}\"."),
                span,
            )
            .into()),
        }
    }
}

fn literal_value(literal: &Literal, span: Span) -> EvalResult {
    Ok(match literal {
        Literal::Number(text) => Value::number(Number::parse(text).map_err(|_| {
            Diagnostic::error(
                "Invalid number literal",
                format!("Failed to recognize the value of this number literal: {text}."),
                span,
            )
        })?),
        Literal::String(text) => Value::string(&**text),
        Literal::Bool(b) => Value::bool(*b),
        Literal::Null => Value::null(terrace_types::Type::Dynamic),
    })
}

fn not_yet(span: Span) -> Diagnostics {
    Diagnostic::error(
        "Not implemented",
        "This expression kind is not evaluated yet.",
        span,
    )
    .into()
}
