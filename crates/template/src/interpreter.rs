//! `Interpreter`: what a template renderer needs from its caller (evaluate an expression, bind loop variables).

use terrace_syntax::{Expr, Ident};
use terrace_types::{Marks, Value};

/// The caller's side of rendering: evaluating the expressions embedded in a
/// template, and binding the variables of `%{ for }` directives around them.
///
/// The renderer calls `push_scope` once before a `for` directive's first
/// iteration, `bind` for its variables at each iteration (each binding replaces
/// the one of the previous iteration), and `pop_scope` after the last one, also
/// when an iteration fails.
pub trait Interpreter {
    /// The caller's error type; template errors are converted into it.
    type Error: From<crate::TemplateError>;

    /// Evaluates an embedded expression with the current bindings.
    fn eval(&mut self, expr: &Expr) -> Result<Value, Self::Error>;

    /// Opens a scope for the variables of a `for` directive.
    fn push_scope(&mut self);

    /// Binds `name` to `value` in the innermost scope, replacing an earlier binding of it there.
    fn bind(&mut self, name: &Ident, value: Value);

    /// Closes the innermost scope.
    fn pop_scope(&mut self);

    /// Called with the error of a value that cannot be interpolated (a null, a list):
    /// `Ok` keeps the error aside and the rendering goes on, giving the text before
    /// that value (HCL's partial result, which Terraform keeps for a local value);
    /// `Err` (the default) fails the rendering with it.
    fn keep_partial(&mut self, error: Self::Error) -> Result<(), Self::Error> {
        Err(error)
    }

    /// Called when [`render`](crate::render) fails, with the marks of the parts met
    /// until then: HCL's failed template stands for an unknown string with them.
    /// Does nothing by default.
    fn failed(&mut self, marks: Marks) {
        let _ = marks;
    }
}
