//! Parse errors: what was expected, what was found, and where.

use std::fmt;

use crate::span::Span;

/// A syntax error.
///
/// [`message`](Self::message) is the one-line lower-case text ("expected `}` or
/// `,`, found `]`"); [`summary`](Self::summary) and [`detail`](Self::detail) are
/// the Terraform-style title and sentence a diagnostic renderer shows ("Missing
/// item separator" / "Expected a comma to mark the beginning of the next item.").
/// The fields sit behind one box so that `Result<_, ParseError>` stays small.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .0.message)]
pub struct ParseError(Box<ErrorData>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct ErrorData {
    kind: ParseErrorKind,
    span: Span,
    expected: Vec<Expected>,
    found: Option<String>,
    message: String,
    summary: String,
    detail: String,
}

impl ParseError {
    /// A new error; `message` is built from `expected` and `found` when empty.
    pub fn new(
        kind: ParseErrorKind,
        span: Span,
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) -> Self {
        ParseError(Box::new(ErrorData {
            kind,
            span,
            expected: Vec::new(),
            found: None,
            message: String::new(),
            summary: summary.into(),
            detail: detail.into(),
        }))
    }

    /// Set what was expected (sorted, without duplicates).
    pub fn with_expected(mut self, expected: impl IntoIterator<Item = Expected>) -> Self {
        let mut expected: Vec<Expected> = expected.into_iter().collect();
        expected.sort();
        expected.dedup();
        self.0.expected = expected;
        self
    }

    /// Set the description of what was found.
    pub fn with_found(mut self, found: impl Into<String>) -> Self {
        self.0.found = Some(found.into());
        self
    }

    /// Set the one-line message explicitly.
    pub fn with_message(mut self, message: impl Into<String>) -> Self {
        self.0.message = message.into();
        self
    }

    /// Fill in the message from the other fields when none was set.
    pub(crate) fn finish(mut self) -> Self {
        if self.0.message.is_empty() {
            self.0.message = default_message(&self.0);
        }
        self
    }

    /// What went wrong, coarsely; tells incomplete input apart from bad input.
    pub fn kind(&self) -> ParseErrorKind {
        self.0.kind
    }

    /// The offending token (empty at the end of input).
    pub fn span(&self) -> Span {
        self.0.span
    }

    /// What the parser would have accepted at [`span`](Self::span).
    pub fn expected(&self) -> &[Expected] {
        &self.0.expected
    }

    /// A description of what was found, such as "`]`" or "end of input".
    pub fn found(&self) -> Option<&str> {
        self.0.found.as_deref()
    }

    /// The one-line lower-case message.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The short title, e.g. "Invalid expression".
    pub fn summary(&self) -> &str {
        &self.0.summary
    }

    /// A sentence explaining the problem.
    pub fn detail(&self) -> &str {
        &self.0.detail
    }

    /// Whether more input could complete the source: the error is at the end of
    /// input, or a bracket, brace, parenthesis, string, heredoc or template
    /// directive is still open. A console asks for another line exactly then.
    pub fn is_incomplete(&self) -> bool {
        matches!(
            self.0.kind,
            ParseErrorKind::UnexpectedEof | ParseErrorKind::Unclosed { .. }
        )
    }
}

fn default_message(data: &ErrorData) -> String {
    let mut message = String::new();
    if !data.expected.is_empty() {
        message.push_str("expected ");
        let n_expected = data.expected.len();
        for (idx, expected) in data.expected.iter().enumerate() {
            if idx > 0 {
                message.push_str(if idx + 1 == n_expected { " or " } else { ", " });
            }
            message.push_str(&expected.to_string());
        }
    }
    if let Some(found) = &data.found {
        if message.is_empty() {
            message.push_str("unexpected ");
        } else {
            message.push_str(", found ");
        }
        message.push_str(found);
    }
    if message.is_empty() {
        message = data.summary.to_lowercase();
    }
    message
}

/// The kinds of [`ParseError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// The input ended where more was required (`1 +`, `a.`).
    UnexpectedEof,
    /// The input ended while a construct opened at `open` was still open:
    /// `(`, `[`, `{`, a quoted string, a heredoc, `${`, `%{ if }`/`%{ for }`.
    Unclosed {
        /// The span of the opening token.
        open: Span,
    },
    /// A token that does not fit here.
    Unexpected,
    /// An invalid escape sequence in a quoted string (`"\q"`).
    InvalidEscape,
    /// Input that is not valid UTF-8, or a character that cannot start any token.
    InvalidCharacter,
    /// Nesting deeper than the parser's limit.
    TooDeep,
    /// Input that is syntactically complete but otherwise invalid (a bad
    /// number, a directive out of place, a duplicate `else`).
    Invalid,
}

/// Something the parser expected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expected {
    /// A literal token, shown in backticks: `` `}` ``.
    Token(&'static str),
    /// A kind of thing, shown as is: "expression", "identifier", "newline".
    Description(&'static str),
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Token(token) => write!(f, "`{token}`"),
            Expected::Description(description) => f.write_str(description),
        }
    }
}
