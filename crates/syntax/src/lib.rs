//! terrace-syntax: HCL native syntax (Terraform `.tf`, `.tfvars`, templates) parsed into an AST with spans.
//!
//! Not for: evaluating expressions or knowing value types (`terrace-eval`,
//! `terrace-types`), rendering diagnostics with colour (`terrace-repl`).
//!
//! ```no_run
//! use terrace_syntax::{parse_expr, dump};
//!
//! # fn main() -> Result<(), terrace_syntax::ParseError> {
//! let expr = parse_expr("1 + 2 * 3 == 7 || x")?;
//! assert_eq!(dump(&expr), "(|| (== (+ 1 (* 2 3)) 7) x)");
//! # Ok(())
//! # }
//! ```

mod ast;
mod error;
mod span;

pub use ast::*;
pub use error::{Expected, ParseError, ParseErrorKind};
pub use span::{Location, SourceMap, Span};

/// Parse a configuration file: its attributes and blocks, with every error found.
pub fn parse_body(src: &str) -> (Body, Vec<ParseError>) {
    (Body::default(), vec![not_yet(src)])
}

/// Parse exactly one expression, surrounded by optional whitespace, newlines and comments.
pub fn parse_expr(src: &str) -> Result<Expr, ParseError> {
    Err(not_yet(src))
}

/// Parse a bare template (a whole file as a template, as `templatefile` reads it).
pub fn parse_template(src: &str) -> Result<Template, ParseError> {
    Err(not_yet(src))
}

/// Parse a static traversal such as `aws_instance.web[0].id`.
pub fn parse_traversal(src: &str) -> Result<Traversal, ParseError> {
    Err(not_yet(src))
}

/// An s-expression rendering of an expression, as snapshot tests use it.
pub fn dump(expr: &Expr) -> String {
    format!("{:?}", expr.kind)
}

fn not_yet(src: &str) -> ParseError {
    ParseError::new(
        ParseErrorKind::Invalid,
        Span::new(0, src.len()),
        "Not implemented",
        "The parser is not implemented yet.",
    )
    .finish()
}
