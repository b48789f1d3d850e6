//! The parser's internal error type and its single conversion into [`ParseError`].
//!
//! Productions fail with a [`PError`]: an offset plus, for every error the
//! parser reports on purpose, a description (summary, detail, kind, expected
//! tokens). winnow's own combinators create bare errors through
//! [`ParserError::from_input`]; [`PError::into_parse_error`] is the one place
//! where either becomes the public [`ParseError`].

use std::borrow::Cow;

use winnow::error::{ErrMode, ParserError};
use winnow::stream::Location;

use super::Input;
use super::lexical::token_span_at;
use crate::error::{Expected, ParseError, ParseErrorKind};
use crate::span::Span;

/// Result of a production.
pub(crate) type PResult<T> = Result<T, ErrMode<PError>>;

/// A parse failure inside the parser.
#[derive(Debug)]
pub(crate) struct PError {
    /// Where the failure was noticed.
    offset: usize,
    /// The description, for errors raised on purpose.
    spec: Option<Box<ErrorSpec>>,
}

#[derive(Debug)]
struct ErrorSpec {
    kind: ParseErrorKind,
    /// The span to report; `None` means "the token at `offset`".
    span: Option<Span>,
    summary: &'static str,
    detail: Cow<'static, str>,
    expected: Vec<Expected>,
    message: Option<String>,
}

impl PError {
    /// An error at `offset` with a Terraform-style summary and detail.
    pub(crate) fn new(
        offset: usize,
        summary: &'static str,
        detail: impl Into<Cow<'static, str>>,
    ) -> Self {
        PError {
            offset,
            spec: Some(Box::new(ErrorSpec {
                kind: ParseErrorKind::Unexpected,
                span: None,
                summary,
                detail: detail.into(),
                expected: Vec::new(),
                message: None,
            })),
        }
    }

    /// An error for a construct opened at `open` and still open at the end
    /// of input (`eof`), which is where the error points.
    pub(crate) fn unclosed(
        eof: usize,
        open: Span,
        summary: &'static str,
        detail: impl Into<Cow<'static, str>>,
    ) -> Self {
        PError::new(eof, summary, detail).kind(ParseErrorKind::Unclosed { open })
    }

    /// Set the kind.
    pub(crate) fn kind(mut self, kind: ParseErrorKind) -> Self {
        if let Some(spec) = &mut self.spec {
            spec.kind = kind;
        }
        self
    }

    /// Report `span` instead of the token at the offset.
    pub(crate) fn span(mut self, span: Span) -> Self {
        if let Some(spec) = &mut self.spec {
            spec.span = Some(span);
        }
        self
    }

    /// Add what was expected.
    pub(crate) fn expected(mut self, expected: &[Expected]) -> Self {
        if let Some(spec) = &mut self.spec {
            spec.expected.extend_from_slice(expected);
        }
        self
    }

    /// Set the one-line message instead of deriving it from expected/found.
    pub(crate) fn message(mut self, message: impl Into<String>) -> Self {
        if let Some(spec) = &mut self.spec {
            spec.message = Some(message.into());
        }
        self
    }

    /// Turn an `Unclosed` error into a plain one: used when the construct
    /// ended (a closing quote or marker was found), so more input cannot help.
    pub(crate) fn settled(mut self) -> Self {
        if let Some(spec) = &mut self.spec
            && matches!(spec.kind, ParseErrorKind::Unclosed { .. })
        {
            spec.kind = ParseErrorKind::Unexpected;
        }
        self
    }

    /// Wrap as a non-backtracking failure.
    pub(crate) fn cut(self) -> ErrMode<PError> {
        ErrMode::Cut(self)
    }

    /// Fail with this error.
    pub(crate) fn fail<T>(self) -> PResult<T> {
        Err(self.cut())
    }

    /// Whether the parser raised this error on purpose (rather than a combinator).
    pub(crate) fn is_described(&self) -> bool {
        self.spec.is_some()
    }

    /// Turn into the public error, resolving spans and descriptions against `src`.
    pub(crate) fn into_parse_error(self, src: &str) -> ParseError {
        let offset = self.offset.min(src.len());
        let spec = self.spec.unwrap_or_else(|| {
            Box::new(ErrorSpec {
                kind: ParseErrorKind::Unexpected,
                span: None,
                summary: "Invalid syntax",
                detail: Cow::Borrowed("This character sequence is not valid here."),
                expected: Vec::new(),
                message: None,
            })
        });
        let span = spec.span.unwrap_or_else(|| token_span_at(src, offset));
        let mut kind = spec.kind;
        if kind == ParseErrorKind::Unexpected && span.start as usize >= src.len() {
            kind = ParseErrorKind::UnexpectedEof;
        }
        // "found" describes the token where the problem was noticed, which for
        // an unclosed construct is the end of input rather than the opener.
        let found = describe_found(src, offset);
        let mut error =
            ParseError::new(kind, span, spec.summary, spec.detail).with_expected(spec.expected);
        error = error.with_found(found);
        if let Some(message) = spec.message {
            error = error.with_message(message);
        }
        error.finish()
    }
}

impl<'s> ParserError<Input<'s>> for PError {
    type Inner = Self;

    fn from_input(input: &Input<'s>) -> Self {
        PError {
            offset: input.current_token_start(),
            spec: None,
        }
    }

    fn into_inner(self) -> Result<Self::Inner, Self> {
        Ok(self)
    }

    fn or(self, other: Self) -> Self {
        // Prefer the described error, then the one that got further.
        match (self.is_described(), other.is_described()) {
            (true, false) => self,
            (false, true) => other,
            _ if other.offset >= self.offset => other,
            _ => self,
        }
    }
}

/// Describe the token at `offset` for a "found ..." message.
pub(crate) fn describe_found(src: &str, offset: usize) -> String {
    let span = token_span_at(src, offset);
    let start = span.start as usize;
    if start >= src.len() {
        return "end of input".to_owned();
    }
    let rest = &src[start..];
    if rest.starts_with('\n') || rest.starts_with("\r\n") {
        return "newline".to_owned();
    }
    if rest.starts_with('#') || rest.starts_with("//") {
        return "comment".to_owned();
    }
    let text = span.text(src);
    let mut shown: String = text.chars().take(24).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    if shown.contains('`') {
        format!("'{shown}'")
    } else {
        format!("`{shown}`")
    }
}
