//! HCL's JSON syntax (`.tf.json`, `.tfvars.json`): a JSON reader with spans, bodies under a schema, JSON values as expressions.
//!
//! The reader keeps what HCL's `json/spec.md` asks of a parser: property
//! order and duplicate properties, numbers as their exact text, and a byte
//! span for every value and property name (lines and columns come from a
//! [`SourceMap`](crate::SourceMap) as for native syntax).
//!
//! ```
//! use terrace_syntax::json::{JsonBody, JsonSchema, parse_json};
//!
//! # fn main() -> Result<(), terrace_syntax::ParseError> {
//! let src = r#"{"variable": {"region": {"default": "eu-${1 + 1}"}}}"#;
//! let value = parse_json(src)?;
//! let schema = JsonSchema { attributes: &[], blocks: &[("variable", 1)], open: false };
//! let (content, errors) = JsonBody::new(&value, src).content(&schema);
//! assert!(errors.is_empty());
//! let block = &content.blocks[0];
//! assert_eq!(block.labels[0].as_str(), "region");
//! let inner = JsonSchema { attributes: &["default"], blocks: &[], open: false };
//! let (attrs, _) = block.body.content(&inner);
//! let expr = attrs.attributes[0].value.to_expr()?;
//! assert_eq!(terrace_syntax::dump(&expr), r#"(template "eu-" (interp (+ 1 1)))"#);
//! # Ok(())
//! # }
//! ```

mod body;
mod expr;
mod reader;
mod remap;
mod value;

pub use body::{JsonAttribute, JsonBlock, JsonBody, JsonContent, JsonSchema};
pub use value::{JsonKind, JsonProperty, JsonString, JsonValue};

use crate::error::{ParseError, ParseErrorKind};
use crate::span::Span;

/// Terraform arguments whose JSON strings are not templates: read literally
/// (`default`, `description`, `source`, `version`, `required_version`) or as
/// one native expression (`type`, `depends_on`, `ignore_changes`,
/// `replace_triggered_by`, `providers`, `provider`, `iterator`). Pass it to
/// [`JsonValue::template_errors`] to check a `.tf.json` file as Terraform
/// would (by name only: an argument so named in a resource body is skipped
/// too).
pub const NOT_TEMPLATE_ARGUMENTS: &[&str] = &[
    "default",
    "description",
    "source",
    "version",
    "required_version",
    "type",
    "depends_on",
    "ignore_changes",
    "replace_triggered_by",
    "providers",
    "provider",
    "iterator",
];

/// Reads a JSON document. Errors carry the span of the offending token;
/// the reader stops at the first one. Nesting deeper than
/// [`MAX_DEPTH`](crate::MAX_DEPTH) is an error, not a stack overflow.
pub fn parse_json(src: &str) -> Result<JsonValue, ParseError> {
    reader::read(src)
}

/// Like [`parse_json`], for raw bytes: invalid UTF-8 is an error at the
/// offset of the first invalid byte.
pub fn parse_json_bytes(src: &[u8]) -> Result<JsonValue, ParseError> {
    match std::str::from_utf8(src) {
        Ok(text) => parse_json(text),
        Err(error) => {
            let at = error.valid_up_to();
            let len = error.error_len().unwrap_or(src.len() - at);
            Err(ParseError::new(
                ParseErrorKind::InvalidCharacter,
                Span::new(at, at + len),
                "Invalid character encoding",
                format!(
                    "All input files must be UTF-8 encoded. The byte at offset {at} is not valid UTF-8."
                ),
            )
            .with_message(format!("invalid UTF-8 at byte offset {at}")))
        }
    }
}
