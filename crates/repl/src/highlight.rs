//! Classifying text for colour: the input line as it is typed, and printed values and types.
//!
//! Input is classified by `terrace_syntax::highlight`, refined a little (bools,
//! `null`, attribute names). Printed values are not source code (`(known after
//! apply)`, `tolist(...)` wrappers, type names), so a small, forgiving scanner of
//! their own classifies them; it never fails, whatever the text.

use std::ops::Range;

use terrace_syntax::{HighlightClass, highlight};

use crate::theme::Class;

/// Classified byte ranges, ordered and non-overlapping.
pub type Spans = Vec<(Range<usize>, Class)>;

/// The classes of an input line (an expression or a `:` command).
pub fn input_spans(src: &str) -> Spans {
    let mut out = Spans::new();
    let mut offset = 0;
    let trimmed = src.trim_start();
    if trimmed.starts_with(':') {
        let start = src.len() - trimmed.len();
        let end = start + trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
        out.push((start..end, Class::Command));
        offset = end;
    }
    let code = &src[offset..];
    for (span, class) in highlight(code) {
        let range = span.start as usize + offset..span.end as usize + offset;
        let text = &src[range.clone()];
        let class = match class {
            HighlightClass::Keyword => match text {
                "true" | "false" => Class::Bool,
                "null" => Class::Null,
                _ => Class::Keyword,
            },
            HighlightClass::Identifier => {
                let before = src[..range.start].trim_end();
                let after = src[range.end..].trim_start();
                let after_dot = before.ends_with('.') && !before.ends_with("..");
                let object_key =
                    after.starts_with('=') && !after.starts_with("==") && !after.starts_with("=>");
                if after_dot || object_key {
                    Class::Attribute
                } else {
                    Class::Variable
                }
            }
            HighlightClass::FunctionName => Class::Function,
            HighlightClass::Number => Class::Number,
            HighlightClass::String => Class::String,
            HighlightClass::Escape => Class::Escape,
            HighlightClass::TemplateDelimiter => Class::TemplateDelimiter,
            HighlightClass::Operator => Class::Operator,
            HighlightClass::Punctuation => Class::Punctuation,
            HighlightClass::Comment => Class::Comment,
            HighlightClass::Invalid => Class::Error,
        };
        out.push((range, class));
    }
    out
}

/// The classes of a printed value or type (`terraform console`'s format or JSON).
pub fn value_spans(text: &str) -> Spans {
    let mut scanner = Scanner {
        src: text,
        pos: 0,
        out: Spans::new(),
    };
    scanner.code(false);
    scanner.out
}

struct Scanner<'s> {
    src: &'s str,
    pos: usize,
    out: Spans,
}

impl Scanner<'_> {
    fn rest(&self) -> &str {
        &self.src[self.pos..]
    }

    fn push(&mut self, range: Range<usize>, class: Class) {
        if !range.is_empty() {
            self.out.push((range, class));
        }
    }

    /// Scan code up to the end, or up to an unmatched `}` when `in_template`.
    fn code(&mut self, in_template: bool) {
        let mut depth = 0usize;
        while let Some(c) = self.rest().chars().next() {
            let start = self.pos;
            let rest = self.rest();
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else if rest.starts_with('#') || rest.starts_with("//") {
                let end = rest.find('\n').map_or(self.src.len(), |idx| start + idx);
                self.push(start..end, Class::Comment);
                self.pos = end;
            } else if let Some(body) = rest.strip_prefix("/*") {
                let end = body
                    .find("*/")
                    .map_or(self.src.len(), |idx| start + 2 + idx + 2);
                self.push(start..end, Class::Comment);
                self.pos = end;
            } else if c == '"' {
                self.pos += 1;
                self.template(Some('"'), start);
            } else if rest.starts_with("<<") && heredoc_marker(&rest[2..]).is_some() {
                self.heredoc();
            } else if c == '(' && rest.starts_with("(known after apply)") {
                self.pos += "(known after apply)".len();
                self.push(start..self.pos, Class::Unknown);
            } else if c == '(' && rest.starts_with("(sensitive value)") {
                self.pos += "(sensitive value)".len();
                self.push(start..self.pos, Class::Sensitive);
            } else if c.is_ascii_digit() {
                self.number();
            } else if c.is_alphabetic() || c == '_' {
                self.name();
            } else if c == '{' {
                depth += 1;
                self.pos += 1;
                self.push(start..self.pos, Class::Punctuation);
            } else if c == '}' {
                if in_template && depth == 0 {
                    return;
                }
                depth = depth.saturating_sub(1);
                self.pos += 1;
                self.push(start..self.pos, Class::Punctuation);
            } else {
                let len = operator_len(rest);
                if len > 0 {
                    self.pos += len;
                    self.push(start..self.pos, Class::Operator);
                } else {
                    self.pos += c.len_utf8();
                    self.push(start..self.pos, Class::Punctuation);
                }
            }
        }
    }

    /// Scan template text after its opening (`"` or a heredoc line), up to
    /// `close` (consumed) or the end. `start` is where the string's span begins.
    fn template(&mut self, close: Option<char>, mut start: usize) {
        while let Some(c) = self.rest().chars().next() {
            let rest = self.rest();
            if Some(c) == close {
                self.pos += 1;
                self.push(start..self.pos, Class::String);
                return;
            }
            if c == '\\' && close.is_some() {
                self.push(start..self.pos, Class::String);
                let escape_start = self.pos;
                self.pos += 1;
                if let Some(next) = self.rest().chars().next() {
                    self.pos += next.len_utf8();
                }
                self.push(escape_start..self.pos, Class::Escape);
                start = self.pos;
            } else if rest.starts_with("$${") || rest.starts_with("%%{") {
                self.push(start..self.pos, Class::String);
                let escape_start = self.pos;
                self.pos += 3;
                self.push(escape_start..self.pos, Class::Escape);
                start = self.pos;
            } else if rest.starts_with("${") || rest.starts_with("%{") {
                self.push(start..self.pos, Class::String);
                let open = self.pos;
                self.pos += 2;
                self.push(open..self.pos, Class::TemplateDelimiter);
                self.directive_keyword();
                self.code(true);
                if self.rest().starts_with('}') {
                    let close_start = self.pos;
                    self.pos += 1;
                    self.push(close_start..self.pos, Class::TemplateDelimiter);
                }
                start = self.pos;
            } else if c == '\n' && close.is_some() {
                // A quoted string ends at the line's end.
                self.push(start..self.pos, Class::String);
                return;
            } else {
                self.pos += c.len_utf8();
            }
        }
        self.push(start..self.pos, Class::String);
    }

    /// `%{ if`, `%{~ endfor` and the like: the directive keyword.
    fn directive_keyword(&mut self) {
        let rest = self.rest();
        let skipped = rest.len() - rest.trim_start_matches(['~', ' ', '\t']).len();
        let word_start = self.pos + skipped;
        let word: String = self.src[word_start..]
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        if matches!(word.as_str(), "if" | "else" | "endif" | "for" | "endfor") {
            self.pos = word_start + word.len();
            self.push(word_start..self.pos, Class::Keyword);
        }
    }

    fn heredoc(&mut self) {
        let start = self.pos;
        let rest = self.rest();
        let Some((marker, header_len)) = heredoc_marker(&rest[2..]) else {
            return;
        };
        let marker = marker.to_string();
        self.pos += 2 + header_len;
        self.push(start..self.pos, Class::String);
        // The body: lines up to one that is the marker alone.
        let body_start = self.pos;
        let mut line_start = body_start;
        let mut body_end = self.src.len();
        let mut end = self.src.len();
        while line_start < self.src.len() {
            let line_end = self.src[line_start..]
                .find('\n')
                .map_or(self.src.len(), |idx| line_start + idx);
            if line_start > body_start && self.src[line_start..line_end].trim() == marker {
                body_end = line_start;
                end = line_end;
                break;
            }
            line_start = line_end + 1;
        }
        let body = &self.src[..body_end];
        let mut inner = Scanner {
            src: body,
            pos: body_start,
            out: Spans::new(),
        };
        inner.template(None, body_start);
        self.out.append(&mut inner.out);
        self.push(body_end..end, Class::String);
        self.pos = end;
    }

    fn number(&mut self) {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let mut end = start;
        while end < bytes.len()
            && (bytes[end].is_ascii_digit()
                || (bytes[end] == b'.' && bytes.get(end + 1).is_some_and(u8::is_ascii_digit))
                || ((bytes[end] == b'e' || bytes[end] == b'E') && end > start)
                || ((bytes[end] == b'+' || bytes[end] == b'-')
                    && matches!(bytes[end - 1], b'e' | b'E')))
        {
            end += 1;
        }
        self.pos = end;
        self.push(start..end, Class::Number);
    }

    fn name(&mut self) {
        let start = self.pos;
        let mut end = start;
        let rest = self.rest();
        for (idx, c) in rest.char_indices() {
            if !(c.is_alphanumeric() || c == '_' || c == '-') {
                break;
            }
            end = start + idx + c.len_utf8();
        }
        self.pos = end;
        let word = &self.src[start..end];
        let after = self.src[end..].trim_start();
        let class = match word {
            "true" | "false" => Class::Bool,
            "null" => Class::Null,
            _ => value_name_class(word, after),
        };
        self.push(start..end, class);
    }
}

fn value_name_class(word: &str, after: &str) -> Class {
    match word {
        "tolist" | "tomap" | "toset" | "tostring" | "tonumber" | "tobool" => Class::TypeWrapper,
        "string" | "number" | "bool" | "dynamic" | "list" | "map" | "set" | "object" | "tuple" => {
            if after.starts_with(':') {
                Class::Attribute
            } else {
                Class::Type
            }
        }
        _ => Class::Attribute,
    }
}

/// After `<<`: the marker of a heredoc header (`EOT` or `-EOT`) that ends its
/// line, and the header's length after `<<`.
fn heredoc_marker(rest: &str) -> Option<(&str, usize)> {
    let (dash, name_rest) = match rest.strip_prefix('-') {
        Some(after) => (1, after),
        None => (0, rest),
    };
    let name_len = name_rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(name_rest.len());
    if name_len == 0 || !name_rest.starts_with(|c: char| c.is_alphabetic() || c == '_') {
        return None;
    }
    let after = &name_rest[name_len..];
    if !(after.is_empty() || after.starts_with('\n') || after.starts_with("\r\n")) {
        return None;
    }
    Some((&name_rest[..name_len], dash + name_len))
}

fn operator_len(rest: &str) -> usize {
    for op in ["...", "==", "!=", "<=", ">=", "&&", "||", "=>"] {
        if rest.starts_with(op) {
            return op.len();
        }
    }
    match rest.chars().next() {
        Some('+' | '-' | '*' | '/' | '%' | '<' | '>' | '!' | '?' | ':' | '=') => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(spans: &Spans, src: &str) -> Vec<(String, Class)> {
        spans
            .iter()
            .map(|(range, class)| (src[range.clone()].to_string(), *class))
            .collect()
    }

    #[test]
    fn input_tokens() {
        let src = "upper(var.name) == \"a${x}b\" ? 1.5e3 : null # c";
        let got = classes(&input_spans(src), src);
        for want in [
            ("upper", Class::Function),
            ("var", Class::Variable),
            ("name", Class::Attribute),
            ("==", Class::Operator),
            ("${", Class::TemplateDelimiter),
            ("x", Class::Variable),
            ("1.5e3", Class::Number),
            ("null", Class::Null),
            ("# c", Class::Comment),
        ] {
            assert!(
                got.contains(&(want.0.to_string(), want.1)),
                "{want:?} in {got:?}"
            );
        }
    }

    #[test]
    fn commands_and_heredocs() {
        let src = ":type <<EOT\nhi ${a}\nEOT";
        let got = classes(&input_spans(src), src);
        assert_eq!(got[0], (":type".to_string(), Class::Command));
        assert!(got.contains(&("a".to_string(), Class::Variable)), "{got:?}");
    }

    #[test]
    fn printed_values() {
        let src = "tolist([\n  \"a\",\n  (known after apply),\n  (sensitive value),\n  true,\n])";
        let got = classes(&value_spans(src), src);
        assert!(got.contains(&("tolist".to_string(), Class::TypeWrapper)));
        assert!(got.contains(&("\"a\"".to_string(), Class::String)));
        assert!(got.contains(&("(known after apply)".to_string(), Class::Unknown)));
        assert!(got.contains(&("(sensitive value)".to_string(), Class::Sensitive)));
        assert!(got.contains(&("true".to_string(), Class::Bool)));
    }

    #[test]
    fn never_panics_on_prefixes() {
        let src = "{a = \"x${[for k, v in m : \"%{if v}é${k}%{endif}\"]}\", b = <<-EOT\n  é ${c}\n  EOT\n}";
        for end in 0..=src.len() {
            if src.is_char_boundary(end) {
                let _ = input_spans(&src[..end]);
                let _ = value_spans(&src[..end]);
            }
        }
    }
}
