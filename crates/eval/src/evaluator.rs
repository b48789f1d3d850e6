//! `Evaluator`: evaluates expressions and templates against a [`Scope`] with a function table.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use terrace_syntax::{Expr, Template};
use terrace_types::{Type, Value};

use crate::diagnostic::Diagnostics;
use crate::expr::Ctx;
use crate::scope::Scope;
use terrace_functions::{CallContext, FunctionTable, standard};

/// Evaluates expressions: holds the functions, the call context and an optional
/// interrupt flag; the named values come with each call as a [`Scope`].
///
/// ```
/// use terrace_eval::{Evaluator, Scope};
/// use terrace_types::Value;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let scope = Scope::new().with("n", Value::int(20));
/// let expr = terrace_syntax::parse_expr("n * 2 + 2")?;
/// let value = Evaluator::new().eval(&expr, &scope)?;
/// assert_eq!(value.as_number().and_then(|n| n.to_i64()), Some(42));
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Evaluator {
    functions: FunctionTable,
    context: CallContext,
    interrupt: Option<Arc<AtomicBool>>,
    budget: Option<Duration>,
}

/// What a console line evaluates to: a value, or the type `type(...)` asked for.
#[derive(Clone, Debug)]
pub enum ConsoleValue {
    /// An ordinary value.
    Value(Value),
    /// The result of the console-only `type(expr)`: the type of `expr`'s value.
    Type(Type),
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        Evaluator::new()
    }
}

impl Evaluator {
    /// An evaluator with the standard function library and the default call context.
    pub fn new() -> Evaluator {
        Evaluator::with_functions(standard())
    }

    /// An evaluator with the given functions.
    pub fn with_functions(functions: FunctionTable) -> Evaluator {
        Evaluator {
            functions,
            context: CallContext::default(),
            interrupt: None,
            budget: None,
        }
    }

    /// The same evaluator with another call context (base directory, clock, home directory).
    pub fn with_context(mut self, context: CallContext) -> Evaluator {
        self.context = context;
        if self.context.interrupt.is_none() {
            self.context.interrupt = self.interrupt.clone();
        }
        self
    }

    /// The same evaluator, stopping with an "evaluation interrupted" error soon
    /// after `flag` becomes true (the console sets it on Ctrl-C).
    pub fn with_interrupt(mut self, flag: Arc<AtomicBool>) -> Evaluator {
        self.set_interrupt(Some(flag));
        self
    }

    /// Sets or clears the interrupt flag (functions see it in their [`CallContext`]).
    pub fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.context.interrupt.clone_from(&flag);
        self.interrupt = flag;
    }

    /// Sets or clears the time one evaluation (one call of [`Evaluator::eval`] and the
    /// like) may take: past it, the evaluation stops with the same "Evaluation
    /// interrupted" error as an interrupt. The language server gives each expression of
    /// a configuration a budget, so one slow local cannot hold the whole load.
    ///
    /// ```
    /// use std::time::Duration;
    /// use terrace_eval::{Evaluator, Scope};
    ///
    /// let mut evaluator = Evaluator::new();
    /// evaluator.set_budget(Some(Duration::ZERO));
    /// let slow = terrace_syntax::parse_expr("[for i in range(1000) : [for j in range(1000) : j]]").unwrap();
    /// let errors = evaluator.eval(&slow, &Scope::new()).unwrap_err();
    /// assert_eq!(errors.iter().next().map(|d| d.summary.as_str()), Some("Evaluation interrupted"));
    /// ```
    pub fn set_budget(&mut self, budget: Option<Duration>) {
        self.budget = budget;
    }

    pub(crate) fn budget(&self) -> Option<Duration> {
        self.budget
    }

    /// The functions expressions can call.
    pub fn functions(&self) -> &FunctionTable {
        &self.functions
    }

    /// The functions, to add or replace some.
    pub fn functions_mut(&mut self) -> &mut FunctionTable {
        &mut self.functions
    }

    /// The call context functions run in.
    pub fn context(&self) -> &CallContext {
        &self.context
    }

    /// The call context, to change the base directory or clock.
    pub fn context_mut(&mut self) -> &mut CallContext {
        &mut self.context
    }

    pub(crate) fn interrupt_flag(&self) -> Option<&AtomicBool> {
        self.interrupt.as_deref()
    }

    /// Evaluates `expr` with the names in `scope`.
    ///
    /// The console-only `type(...)` function is refused here; see [`Evaluator::eval_console`].
    pub fn eval(&self, expr: &Expr, scope: &Scope) -> Result<Value, Diagnostics> {
        Ctx::new(self, scope).eval_root(expr)
    }

    /// Evaluates `expr` with no variables and no functions, as HCL evaluates an expression
    /// given no evaluation context (a variable's `default`, a `.tfvars` value, a block argument
    /// Terraform reads when it loads a module): a reference is "Variables not allowed", a call
    /// "Function calls not allowed". The variables of a `for` expression are still bound.
    ///
    /// ```
    /// use terrace_eval::Evaluator;
    ///
    /// let summary = |src| {
    ///     let expr = terrace_syntax::parse_expr(src).unwrap();
    ///     let errors = Evaluator::new().eval_constant(&expr).unwrap_err();
    ///     errors.first().map(|error| error.summary.clone())
    /// };
    /// assert_eq!(summary("var.x").as_deref(), Some("Variables not allowed"));
    /// assert_eq!(summary("upper(\"a\")").as_deref(), Some("Function calls not allowed"));
    /// let expr = terrace_syntax::parse_expr("[for s in [1, 2] : s * 2]").unwrap();
    /// assert!(Evaluator::new().eval_constant(&expr).is_ok());
    /// ```
    pub fn eval_constant(&self, expr: &Expr) -> Result<Value, Diagnostics> {
        let scope = Scope::new();
        Ctx::without_context(self, &scope).eval_root(expr)
    }

    /// Evaluates `expr` as Terraform evaluates a local value or a module
    /// argument: an element of a tuple, object or `for` result that fails is
    /// unknown and the rest is kept, and every error is returned with the
    /// value (HCL's partial results). A function whose arguments had such
    /// errors is not called: its result is unknown.
    ///
    /// ```
    /// use terrace_eval::{Evaluator, Scope};
    ///
    /// let expr = terrace_syntax::parse_expr(r#"[for s in ["1", "x"] : tonumber(s)]"#).unwrap();
    /// let (value, errors) = Evaluator::new().eval_partial(&expr, &Scope::new());
    /// assert_eq!(terrace_types::format_value(&value), "[\n  1,\n  (known after apply),\n]");
    /// assert_eq!(errors.len(), 1);
    /// ```
    pub fn eval_partial(&self, expr: &Expr, scope: &Scope) -> (Value, Diagnostics) {
        Ctx::new(self, scope).eval_root_partial(expr)
    }

    /// Evaluates a console line: like [`Evaluator::eval`], but `type(x)` is allowed, as
    /// `terraform console` allows it: a line whose value is a `type()` result (directly,
    /// or through `try`, `sensitive`, an index, ...) gives that type, and a line whose
    /// value only contains one is an error.
    pub fn eval_console(&self, expr: &Expr, scope: &Scope) -> Result<ConsoleValue, Diagnostics> {
        Ctx::new(self, scope).eval_console(expr)
    }

    /// Renders a template (a quoted string, a heredoc or a whole template file)
    /// with the names in `scope`; a template that is one interpolation gives that
    /// value unconverted.
    pub fn eval_template(&self, template: &Template, scope: &Scope) -> Result<Value, Diagnostics> {
        Ctx::new(self, scope).eval_template_root(template)
    }
}
