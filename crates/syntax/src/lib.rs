//! terrace-syntax: HCL native syntax (Terraform `.tf`, `.tfvars`, templates) parsed into an AST with spans,
//! and HCL's JSON syntax (`.tf.json`, `.tfvars.json`) read into the same AST ([`json`]).
//!
//! Not for: evaluating expressions or knowing value types (`terrace-eval`,
//! `terrace-types`), rendering diagnostics with colour (`terrace-repl`).
//!
//! ```
//! use terrace_syntax::{dump, dump_traversal, parse_body, parse_expr, references};
//!
//! # fn main() -> Result<(), terrace_syntax::ParseError> {
//! // One expression, as a console reads it.
//! let expr = parse_expr("1 + 2 * 3 == 7 || x")?;
//! assert_eq!(dump(&expr), "(|| (== (+ 1 (* 2 3)) 7) x)");
//!
//! // A configuration file: every item, every error.
//! let (body, errors) = parse_body("size = var.sizes[0] + local.extra\n");
//! assert!(errors.is_empty());
//! if let Some(size) = body.attribute("size") {
//!     let found: Vec<String> = references(&size.expr).iter().map(dump_traversal).collect();
//!     assert_eq!(found, ["var.sizes[0]", "local.extra"]);
//! }
//!
//! // An open bracket at the end of input means "read another line".
//! let error = parse_expr("[1, 2").err();
//! assert!(error.is_some_and(|error| error.is_incomplete()));
//! # Ok(())
//! # }
//! ```

mod ast;
mod char_ranges;
mod dump;
mod error;
mod format;
mod grapheme;
mod hcl_quote;
mod highlight;
mod ident_chars;
pub mod json;
mod parser;
mod printable;
mod recycle;
mod references;
mod span;
mod token;

pub use ast::*;
pub use dump::{dump, dump_body, dump_body_verbose, dump_template, dump_traversal, dump_verbose};
pub use error::{Expected, ParseError, ParseErrorKind};
pub use format::{FormatStyle, format, format_as, format_bytes};
pub use hcl_quote::hcl_quote;
pub use highlight::{HighlightClass, highlight};
pub use references::{references, static_traversal, template_references};
pub use span::{Location, SourceMap, Span};
pub use token::{Token, TokenKind, tokenize};

/// The maximum nesting depth of expressions, blocks and template directives;
/// deeper input gets a [`ParseErrorKind::TooDeep`] error instead of
/// exhausting the stack.
pub const MAX_DEPTH: u32 = parser::MAX_DEPTH;

/// Whether `text` is exactly one identifier, as HCL's `ValidIdentifier` decides: a
/// letter or `_`, then letters, digits, `_` and `-` (Unicode letters and digits
/// included).
///
/// ```
/// use terrace_syntax::is_identifier;
///
/// assert!(is_identifier("aws_instance"));
/// assert!(is_identifier("_private-name2"));
/// assert!(!is_identifier("1a"));
/// assert!(!is_identifier("a.b"));
/// assert!(!is_identifier(""));
/// ```
pub fn is_identifier(text: &str) -> bool {
    !text.is_empty() && parser::ident_len(text) == text.len()
}

/// Parse a configuration file (`.tf`, `.tfvars`): its attributes and blocks.
///
/// Parsing never stops at the first error: a broken item is recorded and
/// skipped up to the next line, so the body holds every item that parsed,
/// and the errors are returned in source order. A leading byte-order mark is
/// skipped (spans still count its three bytes).
pub fn parse_body(src: &str) -> (Body, Vec<ParseError>) {
    parser::parse_body(src)
}

/// Like [`parse_body`], for raw bytes: invalid UTF-8 is reported as an error
/// at the offset of the first invalid byte.
pub fn parse_body_bytes(src: &[u8]) -> (Body, Vec<ParseError>) {
    match std::str::from_utf8(src) {
        Ok(text) => parse_body(text),
        Err(error) => {
            let at = error.valid_up_to();
            let len = error.error_len().unwrap_or(src.len() - at);
            (Body::default(), vec![invalid_encoding(at, len)])
        }
    }
}

/// HCL's error for `len` bytes at `at` that are not UTF-8.
pub(crate) fn invalid_encoding(at: usize, len: usize) -> ParseError {
    ParseError::new(
        ParseErrorKind::InvalidCharacter,
        Span::new(at, at + len),
        "Invalid character encoding",
        format!(
            "All input files must be UTF-8 encoded. The byte at offset {at} is not valid UTF-8."
        ),
    )
    .with_message(format!("invalid UTF-8 at byte offset {at}"))
    .finish()
}

/// Parse exactly one expression, surrounded by optional whitespace, newlines
/// and comments (newlines are not significant, as in a console).
pub fn parse_expr(src: &str) -> Result<Expr, ParseError> {
    parser::parse_expr(src)
}

/// Parse a bare template: a whole text as a template, as `templatefile`
/// reads a file. There are no backslash escapes; `$${` and `%%{` stand for
/// `${` and `%{`.
pub fn parse_template(src: &str) -> Result<Template, ParseError> {
    parser::parse_template(src)
}

/// Parse a static traversal such as `aws_instance.web[0].id`: a name
/// followed by attribute steps and literal index steps.
pub fn parse_traversal(src: &str) -> Result<Traversal, ParseError> {
    parser::parse_traversal(src)
}
