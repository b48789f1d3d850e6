//! The JSON reader: RFC 8259 text to a [`JsonValue`] tree with spans, bounded nesting, no panics.
//!
//! Unlike a general JSON decoder it keeps what HCL needs: properties in
//! source order with duplicates, numbers as their text, and the byte span of
//! every value and property name. JSON has no recovery: the first error
//! ends the read.

use std::sync::Arc;

use super::value::{JsonKind, JsonProperty, JsonString, JsonValue};
use crate::error::{ParseError, ParseErrorKind};
use crate::parser::MAX_DEPTH;
use crate::span::Span;

/// Reads one JSON document. A leading byte-order mark is an error, as in HCL's JSON
/// syntax (and Go's `encoding/json`).
pub(crate) fn read(src: &str) -> Result<JsonValue, ParseError> {
    if src.len() >= u32::MAX as usize {
        return Err(error(
            ParseErrorKind::Invalid,
            Span::empty(0),
            "Source too large",
            "Source texts are limited to 4 GiB.",
        ));
    }
    let mut reader = Reader {
        src,
        bytes: src.as_bytes(),
        pos: 0,
        depth: 0,
    };
    let value = reader.value()?;
    reader.skip_whitespace();
    if reader.pos < reader.bytes.len() {
        let span = reader.found_span();
        return Err(error(
            ParseErrorKind::Unexpected,
            span,
            "Extraneous data after value",
            "Extra characters appear after the JSON value.",
        )
        .with_message(format!(
            "unexpected {} after the JSON value",
            describe(span.text(src))
        )));
    }
    Ok(value)
}

fn error(kind: ParseErrorKind, span: Span, summary: &str, detail: impl Into<String>) -> ParseError {
    ParseError::new(kind, span, summary, detail).finish()
}

/// How a found token is named in a message.
fn describe(text: &str) -> String {
    if text.is_empty() {
        "end of input".to_string()
    } else {
        format!("`{text}`")
    }
}

struct Reader<'s> {
    src: &'s str,
    bytes: &'s [u8],
    pos: usize,
    depth: u32,
}

impl Reader<'_> {
    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// The span of the character at the current position (empty at the end).
    fn found_span(&self) -> Span {
        let len = self
            .src
            .get(self.pos..)
            .and_then(|rest| rest.chars().next())
            .map_or(0, char::len_utf8);
        Span::new(self.pos, self.pos + len)
    }

    fn value(&mut self) -> Result<JsonValue, ParseError> {
        self.skip_whitespace();
        let Some(byte) = self.peek() else {
            return Err(error(
                ParseErrorKind::UnexpectedEof,
                Span::empty(self.pos),
                "Missing value",
                "The JSON data ends prematurely.",
            )
            .with_message("expected a JSON value, found end of input"));
        };
        match byte {
            b'{' | b'[' => {
                if self.depth >= MAX_DEPTH {
                    return Err(error(
                        ParseErrorKind::TooDeep,
                        Span::new(self.pos, self.pos + 1),
                        "Nesting too deep",
                        format!(
                            "JSON objects and arrays may be nested at most {MAX_DEPTH} levels deep."
                        ),
                    )
                    .with_message(format!("nesting deeper than {MAX_DEPTH} levels")));
                }
                self.depth += 1;
                let value = if byte == b'{' {
                    self.object()
                } else {
                    self.array()
                };
                self.depth -= 1;
                value
            }
            b'"' => {
                let string = self.string()?;
                Ok(JsonValue {
                    span: string.span,
                    kind: JsonKind::String(string),
                })
            }
            b'-' | b'0'..=b'9' => self.number(),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' => self.keyword(),
            _ => {
                let span = self.found_span();
                Err(error(
                    ParseErrorKind::Unexpected,
                    span,
                    "Invalid start of value",
                    "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
                )
                .with_message(format!(
                    "expected a JSON value, found {}",
                    describe(span.text(self.src))
                )))
            }
        }
    }

    fn object(&mut self) -> Result<JsonValue, ParseError> {
        let open = Span::new(self.pos, self.pos + 1);
        self.pos += 1;
        let mut properties = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(JsonValue {
                kind: JsonKind::Object(properties),
                span: open.to(Span::empty(self.pos)),
            });
        }
        loop {
            self.skip_whitespace();
            match self.peek() {
                None => {
                    return Err(self.unclosed(
                        open,
                        "Unclosed object",
                        "No closing brace was found for this JSON object.",
                    ));
                }
                Some(b'"') => {}
                Some(_) => {
                    let span = self.found_span();
                    return Err(error(
                        ParseErrorKind::Unexpected,
                        span,
                        "Invalid object property name",
                        "A JSON object property name must be a string.",
                    )
                    .with_message(format!(
                        "expected a property name string, found {}",
                        describe(span.text(self.src))
                    )));
                }
            }
            let name = self.string()?;
            self.skip_whitespace();
            match self.peek() {
                Some(b':') => self.pos += 1,
                None => {
                    return Err(self.unclosed(
                        open,
                        "Unclosed object",
                        "No closing brace was found for this JSON object.",
                    ));
                }
                Some(byte) => {
                    let span = self.found_span();
                    let detail = if byte == b'=' {
                        "JSON uses a colon as its name/value delimiter, not an equals sign."
                    } else {
                        "A colon must appear between an object property's name and its value."
                    };
                    return Err(error(
                        ParseErrorKind::Unexpected,
                        span,
                        "Missing property value colon",
                        detail,
                    )
                    .with_message(format!(
                        "expected `:`, found {}",
                        describe(span.text(self.src))
                    )));
                }
            }
            self.skip_whitespace();
            if self.peek().is_none() {
                return Err(self.unclosed(
                    open,
                    "Unclosed object",
                    "No closing brace was found for this JSON object.",
                ));
            }
            let value = self.value()?;
            properties.push(JsonProperty { name, value });
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => {
                    let comma = self.pos;
                    self.pos += 1;
                    self.skip_whitespace();
                    if self.peek() == Some(b'}') {
                        return Err(error(
                            ParseErrorKind::Unexpected,
                            Span::new(comma, comma + 1),
                            "Trailing comma in object",
                            "JSON does not permit a trailing comma after the final property in an object.",
                        ));
                    }
                }
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(JsonValue {
                        kind: JsonKind::Object(properties),
                        span: open.to(Span::empty(self.pos)),
                    });
                }
                Some(b']') => {
                    return Err(error(
                        ParseErrorKind::Unexpected,
                        self.found_span(),
                        "Mismatched braces",
                        "A JSON object must be closed with a brace, not a bracket.",
                    ));
                }
                None => {
                    return Err(self.unclosed(
                        open,
                        "Unclosed object",
                        "No closing brace was found for this JSON object.",
                    ));
                }
                Some(_) => {
                    let span = self.found_span();
                    return Err(error(
                        ParseErrorKind::Unexpected,
                        span,
                        "Missing property separator comma",
                        "A comma must appear between each property definition in an object.",
                    )
                    .with_message(format!(
                        "expected `,` or `}}`, found {}",
                        describe(span.text(self.src))
                    )));
                }
            }
        }
    }

    fn array(&mut self) -> Result<JsonValue, ParseError> {
        let open = Span::new(self.pos, self.pos + 1);
        self.pos += 1;
        let mut values = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(JsonValue {
                kind: JsonKind::Array(values),
                span: open.to(Span::empty(self.pos)),
            });
        }
        loop {
            self.skip_whitespace();
            if self.peek().is_none() {
                return Err(self.unclosed(
                    open,
                    "Unclosed array",
                    "No closing bracket was found for this JSON array.",
                ));
            }
            values.push(self.value()?);
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => {
                    let comma = self.pos;
                    self.pos += 1;
                    self.skip_whitespace();
                    if self.peek() == Some(b']') {
                        return Err(error(
                            ParseErrorKind::Unexpected,
                            Span::new(comma, comma + 1),
                            "Trailing comma in array",
                            "JSON does not permit a trailing comma after the final value in an array.",
                        ));
                    }
                }
                Some(b']') => {
                    self.pos += 1;
                    return Ok(JsonValue {
                        kind: JsonKind::Array(values),
                        span: open.to(Span::empty(self.pos)),
                    });
                }
                Some(b'}') => {
                    return Err(error(
                        ParseErrorKind::Unexpected,
                        self.found_span(),
                        "Mismatched brackets",
                        "A JSON array must be closed with a bracket, not a brace.",
                    ));
                }
                Some(b':') => {
                    return Err(error(
                        ParseErrorKind::Unexpected,
                        self.found_span(),
                        "Invalid array value",
                        "A colon is not used to introduce values in a JSON array.",
                    ));
                }
                None => {
                    return Err(self.unclosed(
                        open,
                        "Unclosed array",
                        "No closing bracket was found for this JSON array.",
                    ));
                }
                Some(_) => {
                    let span = self.found_span();
                    return Err(error(
                        ParseErrorKind::Unexpected,
                        span,
                        "Missing array element separator comma",
                        "A comma must appear between each value in an array.",
                    )
                    .with_message(format!(
                        "expected `,` or `]`, found {}",
                        describe(span.text(self.src))
                    )));
                }
            }
        }
    }

    fn unclosed(&self, open: Span, summary: &str, detail: &str) -> ParseError {
        error(
            ParseErrorKind::Unclosed { open },
            Span::empty(self.pos),
            summary,
            detail,
        )
        .with_message(format!("unclosed `{}`", open.text(self.src)))
    }

    /// A string literal starting at the current `"`.
    fn string(&mut self) -> Result<JsonString, ParseError> {
        let start = self.pos;
        self.pos += 1;
        let mut decoded = String::new();
        let mut anchors: Vec<(u32, u32)> = Vec::new();
        let mut run_start = self.pos;
        loop {
            let Some(byte) = self.peek() else {
                return Err(error(
                    ParseErrorKind::Unclosed {
                        open: Span::new(start, start + 1),
                    },
                    Span::empty(self.pos),
                    "Invalid JSON string",
                    "This JSON string has no closing quote.",
                )
                .with_message("unterminated string"));
            };
            match byte {
                b'"' => {
                    decoded.push_str(&self.src[run_start..self.pos]);
                    self.pos += 1;
                    return Ok(JsonString::new(
                        Arc::from(decoded),
                        Span::new(start, self.pos),
                        anchors,
                    ));
                }
                b'\\' => {
                    decoded.push_str(&self.src[run_start..self.pos]);
                    self.escape(&mut decoded)?;
                    anchors.push((clamp(decoded.len()), clamp(self.pos)));
                    run_start = self.pos;
                }
                0..=0x1f => {
                    let span = if byte == b'\n' {
                        Span::empty(self.pos)
                    } else {
                        Span::new(self.pos, self.pos + 1)
                    };
                    let (summary, detail) = if byte == b'\n' {
                        (
                            "Invalid JSON string",
                            "A JSON string may not span lines; use \\n for a newline.",
                        )
                    } else {
                        (
                            "Invalid JSON string",
                            "Control characters in a JSON string must be escaped.",
                        )
                    };
                    return Err(
                        error(ParseErrorKind::InvalidCharacter, span, summary, detail)
                            .with_message(format!("control character U+{byte:04X} in a string")),
                    );
                }
                _ => self.pos += 1,
            }
        }
    }

    /// One escape sequence at `\`, appended to `out`.
    fn escape(&mut self, out: &mut String) -> Result<(), ParseError> {
        let start = self.pos;
        self.pos += 1;
        let Some(byte) = self.peek() else {
            return Err(self.bad_escape(start));
        };
        self.pos += 1;
        let c = match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let high = self.hex4(start)?;
                if (0xD800..0xDC00).contains(&high)
                    && self.bytes.get(self.pos..self.pos + 2) == Some(b"\\u")
                {
                    let save = self.pos;
                    self.pos += 2;
                    let low = self.hex4(start)?;
                    if (0xDC00..0xE000).contains(&low) {
                        let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                        char::from_u32(code).unwrap_or('\u{fffd}')
                    } else {
                        self.pos = save;
                        '\u{fffd}'
                    }
                } else {
                    char::from_u32(high).unwrap_or('\u{fffd}')
                }
            }
            _ => return Err(self.bad_escape(start)),
        };
        out.push(c);
        Ok(())
    }

    fn hex4(&mut self, start: usize) -> Result<u32, ParseError> {
        let digits = self.bytes.get(self.pos..self.pos + 4);
        let value = digits
            .filter(|d| d.iter().all(u8::is_ascii_hexdigit))
            .and_then(|d| std::str::from_utf8(d).ok())
            .and_then(|d| u32::from_str_radix(d, 16).ok());
        match value {
            Some(value) => {
                self.pos += 4;
                Ok(value)
            }
            None => Err(self.bad_escape(start)),
        }
    }

    fn bad_escape(&self, start: usize) -> ParseError {
        let end = self
            .src
            .get(start + 1..)
            .and_then(|rest| rest.chars().next())
            .map_or(start + 1, |c| start + 1 + c.len_utf8());
        let span = Span::new(start, end);
        error(
            ParseErrorKind::InvalidEscape,
            span,
            "Invalid JSON string",
            format!(
                "The escape sequence {} is not valid in a JSON string: use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u followed by four hex digits.",
                span.text(self.src)
            ),
        )
        .with_message(format!("invalid escape `{}`", span.text(self.src)))
    }

    fn number(&mut self) -> Result<JsonValue, ParseError> {
        let start = self.pos;
        let digits = |reader: &mut Self| {
            let from = reader.pos;
            while reader.peek().is_some_and(|b| b.is_ascii_digit()) {
                reader.pos += 1;
            }
            reader.pos - from
        };
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let int_start = self.pos;
        let n_int = digits(self);
        let mut valid = n_int > 0 && !(n_int > 1 && self.bytes[int_start] == b'0');
        if valid && self.peek() == Some(b'.') {
            self.pos += 1;
            valid = digits(self) > 0;
        }
        if valid && matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            valid = digits(self) > 0;
        }
        // A number runs into letters or more digits: `01`, `1x`, `1.e5`.
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'+' | b'-'))
        {
            valid = false;
            self.pos += 1;
        }
        let span = Span::new(start, self.pos);
        if !valid {
            return Err(error(
                ParseErrorKind::Invalid,
                span,
                "Invalid JSON number",
                format!(
                    "\"{}\" is not a JSON number: digits with an optional minus sign, fraction and exponent, and no leading zero.",
                    span.text(self.src)
                ),
            )
            .with_message(format!("invalid number `{}`", span.text(self.src))));
        }
        Ok(JsonValue {
            kind: JsonKind::Number(Arc::from(span.text(self.src))),
            span,
        })
    }

    fn keyword(&mut self) -> Result<JsonValue, ParseError> {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
        {
            self.pos += 1;
        }
        let span = Span::new(start, self.pos);
        let word = span.text(self.src);
        let kind = match word {
            "true" => JsonKind::Bool(true),
            "false" => JsonKind::Bool(false),
            "null" => JsonKind::Null,
            _ => {
                let detail = match word {
                    "undefined" | "NaN" | "Infinity" => {
                        format!("The JavaScript identifier \"{word}\" cannot be used in JSON.")
                    }
                    _ => {
                        let lower = word.to_ascii_lowercase();
                        let hint = if matches!(lower.as_str(), "true" | "false" | "null") {
                            format!(" Did you mean \"{lower}\"?")
                        } else {
                            String::new()
                        };
                        format!("\"{word}\" is not a valid JSON keyword.{hint}")
                    }
                };
                return Err(error(
                    ParseErrorKind::Invalid,
                    span,
                    "Invalid JSON keyword",
                    detail,
                )
                .with_message(format!("invalid keyword `{word}`")));
            }
        };
        Ok(JsonValue { kind, span })
    }
}

fn clamp(offset: usize) -> u32 {
    u32::try_from(offset).unwrap_or(u32::MAX)
}
