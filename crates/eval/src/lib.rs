//! terrace-eval: scopes and expression evaluation, with Terraform's function library (from
//! `terrace-functions`, re-exported as [`functions`]).
//!
//! Not for: parsing (`terrace-syntax`), values, types and their formatting
//! (`terrace-types`), configuration directories and Packer templates
//! (`terrace-config`), printing or colour (`terrace-repl`).
//!
//! Build a scope, parse, evaluate:
//!
//! ```
//! use terrace_eval::{Scope, eval_str};
//! use terrace_types::Value;
//!
//! # fn main() -> Result<(), terrace_eval::Diagnostics> {
//! let scope = Scope::new().with("name", Value::string("world"));
//! let value = eval_str(r#"upper("hello, ${name}")"#, &scope)?;
//! assert_eq!(value.as_str(), Some("HELLO, WORLD"));
//! # Ok(())
//! # }
//! ```

#![warn(missing_docs)]

mod diagnostic;
mod evaluator;
mod expr;
pub mod functions;
mod references;
mod scope;
mod suggest;
mod terraform_provider;
pub mod type_expr;

pub use diagnostic::{Diagnostic, Diagnostics, Severity};
pub use evaluator::{ConsoleValue, Evaluator};
pub use references::{Reference, references, template_references};
pub use scope::{RootKind, Scope};
pub use suggest::suggest;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// Parses `src` as one expression and evaluates it with the standard functions
/// and the names in `scope`.
pub fn eval_str(src: &str, scope: &Scope) -> Result<terrace_types::Value, Diagnostics> {
    let expr = terrace_syntax::parse_expr(src)?;
    Evaluator::new().eval(&expr, scope)
}
