//! terrace-template: what a parsed HCL template means: interpolation, `%{if}`, `%{for}`.
//!
//! Not for: parsing templates (`terrace-syntax` parses quoted strings, heredocs
//! and template files, applying escapes, heredoc indentation and strip
//! markers), scopes or functions (the caller evaluates each embedded
//! expression through the [`Interpreter`] trait; `terrace-eval` implements it).
//!
//! ```
//! use terrace_syntax::{Expr, ExprKind, Ident, Literal, Span, Template, TemplateInterp,
//!     TemplateLiteral, TemplatePart};
//! use terrace_template::{Interpreter, TemplateError, render};
//! use terrace_types::Value;
//!
//! /// Evaluates only literals: enough for this example.
//! struct Literals;
//!
//! impl Interpreter for Literals {
//!     type Error = TemplateError;
//!     fn eval(&mut self, expr: &Expr) -> Result<Value, TemplateError> {
//!         match &expr.kind {
//!             ExprKind::Literal(Literal::Number(n)) => Ok(Value::int(n.parse().unwrap_or(0))),
//!             _ => Err(TemplateError::new("Unsupported", "Not a literal.", expr.span)),
//!         }
//!     }
//!     fn push_scope(&mut self) {}
//!     fn bind(&mut self, _name: &Ident, _value: Value) {}
//!     fn pop_scope(&mut self) {}
//! }
//!
//! # fn main() -> Result<(), TemplateError> {
//! // The template `n = ${42}`.
//! let span = Span::new(0, 0);
//! let template = Template {
//!     parts: vec![
//!         TemplatePart::Literal(TemplateLiteral { value: "n = ".into(), span }),
//!         TemplatePart::Interp(TemplateInterp {
//!             expr: Expr::new(ExprKind::Literal(Literal::Number("42".into())), span),
//!             span,
//!         }),
//!     ],
//!     span,
//! };
//! let value = render(&template, &mut Literals)?;
//! assert_eq!(value.as_str(), Some("n = 42"));
//! # Ok(())
//! # }
//! ```

#![warn(missing_docs)]

mod error;
mod interpreter;
mod render;

pub use error::TemplateError;
pub use interpreter::Interpreter;
pub use render::{MAX_RENDERED_LEN, render};
