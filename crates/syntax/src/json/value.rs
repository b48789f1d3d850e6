//! The JSON tree: values, object properties and decoded strings, each with its byte span.

use crate::ast::Name;
use crate::span::Span;

/// A JSON value with its span in the source text.
#[derive(Clone, Debug, PartialEq)]
pub struct JsonValue {
    /// What kind of value it is.
    pub kind: JsonKind,
    /// From the first to the last byte of the value (quotes, brackets and braces included).
    pub span: Span,
}

/// The kinds of [`JsonValue`].
#[derive(Clone, Debug, PartialEq)]
pub enum JsonKind {
    /// `{ "name": value, ... }`: every property in source order, duplicates kept.
    Object(Vec<JsonProperty>),
    /// `[ value, ... ]`
    Array(Vec<JsonValue>),
    /// A string, escapes decoded.
    String(JsonString),
    /// A number as its source text (`-1.5e3`): full precision is the reader's job.
    Number(Name),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    Null,
}

/// One property of a JSON object.
#[derive(Clone, Debug, PartialEq)]
pub struct JsonProperty {
    /// The property name (its span includes the quotes).
    pub name: JsonString,
    /// The property value.
    pub value: JsonValue,
}

impl JsonProperty {
    /// From the name to the end of the value.
    pub fn span(&self) -> Span {
        self.name.span.to(self.value.span)
    }
}

/// A decoded JSON string and the way back from decoded bytes to source bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonString {
    /// The decoded text.
    pub value: Name,
    /// The span of the string literal, quotes included.
    pub span: Span,
    /// `(decoded offset, source offset)` after each escape sequence, in
    /// order: between escapes, decoded and source bytes correspond one to one.
    pub(crate) anchors: Vec<(u32, u32)>,
}

impl JsonString {
    /// A decoded string with its literal span and escape anchors.
    pub(crate) fn new(value: Name, span: Span, anchors: Vec<(u32, u32)>) -> Self {
        JsonString {
            value,
            span,
            anchors,
        }
    }

    /// The decoded text.
    pub fn as_str(&self) -> &str {
        &self.value
    }

    /// The source offset of decoded byte `offset` (the end of the closing
    /// quote's predecessor for the end of the text). Inside an escape
    /// sequence's output it maps to the end of that escape.
    pub fn source_offset(&self, offset: usize) -> usize {
        let offset = u32::try_from(offset).unwrap_or(u32::MAX);
        let (decoded, source) = self
            .anchors
            .iter()
            .rev()
            .find(|(decoded, _)| *decoded <= offset)
            .copied()
            .unwrap_or((0, self.span.start.saturating_add(1)));
        let at = source.saturating_add(offset - decoded);
        (at.min(self.span.end.saturating_sub(1)).max(self.span.start)) as usize
    }

    /// A span of the decoded text mapped back into the source.
    pub fn source_span(&self, span: Span) -> Span {
        Span::new(
            self.source_offset(span.start as usize),
            self.source_offset(span.end as usize),
        )
    }
}

impl JsonValue {
    /// The properties, when the value is an object.
    pub fn as_object(&self) -> Option<&[JsonProperty]> {
        match &self.kind {
            JsonKind::Object(properties) => Some(properties),
            _ => None,
        }
    }

    /// The string, when the value is one.
    pub fn as_string(&self) -> Option<&JsonString> {
        match &self.kind {
            JsonKind::String(string) => Some(string),
            _ => None,
        }
    }

    /// A short name of the value's kind for messages: "an object", "a string", ...
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            JsonKind::Object(_) => "an object",
            JsonKind::Array(_) => "an array",
            JsonKind::String(_) => "a string",
            JsonKind::Number(_) => "a number",
            JsonKind::Bool(_) => "a boolean",
            JsonKind::Null => "null",
        }
    }
}
