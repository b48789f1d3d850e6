//! Highlighting classes for a console: a tolerant lexical scan, no colours.
//!
//! [`highlight`] never fails: incomplete or invalid input (an unterminated
//! string, a stray character) still gets classes for everything it can
//! recognise. Colours are chosen by the caller from the class.

use crate::parser::ident_len;
use crate::span::Span;

/// What a highlighted piece of source is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HighlightClass {
    /// `true`, `false`, `null`, `for`, `in`, `if`, and template directive
    /// keywords (`else`, `endif`, `endfor`).
    Keyword,
    /// A variable or attribute name.
    Identifier,
    /// The name of a called function (each part of a namespaced name).
    FunctionName,
    /// A numeric literal.
    Number,
    /// Literal text of a string, heredoc or template, and its delimiters.
    String,
    /// A backslash escape or `$${`/`%%{` inside a string.
    Escape,
    /// `${`, `%{`, their closing `}` and strip markers `~`.
    TemplateDelimiter,
    /// Operators: arithmetic, comparison, logic, `?`, `:`, `=`, `=>`, `...`, `::`.
    Operator,
    /// Brackets, braces, parentheses, `,` and `.`.
    Punctuation,
    /// A comment.
    Comment,
    /// A character that cannot start any token.
    Invalid,
}

/// Classify the pieces of `src`, in order. Whitespace is not reported.
pub fn highlight(src: &str) -> Vec<(Span, HighlightClass)> {
    let mut scanner = Scanner {
        src,
        pos: 0,
        out: Vec::new(),
        modes: vec![Mode::Code {
            braces: 0,
            directive: false,
        }],
    };
    scanner.run();
    scanner.out
}

#[derive(Clone, Debug)]
enum Mode {
    /// Expressions; `braces` counts open `{` so that the `}` closing an
    /// interpolation can be told apart; `directive` is set inside `%{ }`.
    Code { braces: usize, directive: bool },
    /// Inside `"..."`.
    Quoted,
    /// Inside a heredoc with this closing marker.
    Heredoc { marker: String, line_start: bool },
}

struct Scanner<'s> {
    src: &'s str,
    pos: usize,
    out: Vec<(Span, HighlightClass)>,
    modes: Vec<Mode>,
}

const KEYWORDS: &[&str] = &["true", "false", "null", "for", "in", "if"];
const DIRECTIVE_KEYWORDS: &[&str] = &["if", "else", "endif", "for", "endfor", "in"];
const OPERATORS: &[&str] = &[
    "...", "==", "!=", "<=", ">=", "&&", "||", "=>", "::", "+", "-", "*", "/", "%", "<", ">", "!",
    "?", ":", "=",
];

impl Scanner<'_> {
    fn rest(&self) -> &str {
        self.src.get(self.pos..).unwrap_or("")
    }

    fn emit(&mut self, len: usize, class: HighlightClass) {
        let len = len.min(self.src.len() - self.pos);
        if len > 0 {
            self.out.push((Span::new(self.pos, self.pos + len), class));
        }
        self.pos += len;
    }

    fn run(&mut self) {
        while self.pos < self.src.len() {
            let before = self.pos;
            match self.modes.last().cloned() {
                Some(Mode::Code { braces, directive }) => self.code(braces, directive),
                Some(Mode::Quoted) => self.quoted(),
                Some(Mode::Heredoc { marker, line_start }) => self.heredoc(&marker, line_start),
                None => self.modes.push(Mode::Code {
                    braces: 0,
                    directive: false,
                }),
            }
            if self.pos == before {
                // Never loop without progress: classify one character.
                let len = self.rest().chars().next().map_or(1, char::len_utf8);
                self.emit(len, HighlightClass::Invalid);
            }
        }
    }

    fn set_braces(&mut self, braces: usize) {
        if let Some(Mode::Code {
            braces: current, ..
        }) = self.modes.last_mut()
        {
            *current = braces;
        }
    }

    fn code(&mut self, braces: usize, directive: bool) {
        let rest = self.rest();
        let bytes = rest.as_bytes();
        let first = bytes[0];
        match first {
            b' ' | b'\t' | b'\r' | b'\n' => self.pos += 1,
            b'#' => self.emit(line_len(rest), HighlightClass::Comment),
            b'/' if bytes.get(1) == Some(&b'/') => {
                self.emit(line_len(rest), HighlightClass::Comment)
            }
            b'/' if bytes.get(1) == Some(&b'*') => {
                let len = rest[2..].find("*/").map_or(rest.len(), |idx| idx + 4);
                self.emit(len, HighlightClass::Comment);
            }
            b'0'..=b'9' => {
                let len = number_len(bytes);
                self.emit(len, HighlightClass::Number);
            }
            b'"' => {
                self.emit(1, HighlightClass::String);
                self.modes.push(Mode::Quoted);
            }
            b'<' if bytes.get(1) == Some(&b'<') => {
                let after = if bytes.get(2) == Some(&b'-') { 3 } else { 2 };
                let marker_len = ident_len(&rest[after..]);
                if marker_len > 0 {
                    let marker = rest[after..after + marker_len].to_owned();
                    self.emit(after + marker_len, HighlightClass::String);
                    self.modes.push(Mode::Heredoc {
                        marker,
                        line_start: false,
                    });
                } else {
                    self.emit(1, HighlightClass::Operator);
                }
            }
            b'{' => {
                self.set_braces(braces + 1);
                self.emit(1, HighlightClass::Punctuation);
            }
            b'~' if bytes.get(1) == Some(&b'}') && braces == 0 && self.modes.len() > 1 => {
                self.emit(2, HighlightClass::TemplateDelimiter);
                self.modes.pop();
            }
            b'}' => {
                if braces == 0 && self.modes.len() > 1 {
                    self.emit(1, HighlightClass::TemplateDelimiter);
                    self.modes.pop();
                } else {
                    self.set_braces(braces.saturating_sub(1));
                    self.emit(1, HighlightClass::Punctuation);
                }
            }
            b'[' | b']' | b'(' | b')' | b',' => self.emit(1, HighlightClass::Punctuation),
            b'.' if !rest.starts_with("...") => self.emit(1, HighlightClass::Punctuation),
            _ => {
                let len = ident_len(rest);
                if len > 0 {
                    let word = &rest[..len];
                    let keywords = if directive {
                        DIRECTIVE_KEYWORDS
                    } else {
                        KEYWORDS
                    };
                    let after = rest[len..].trim_start_matches([' ', '\t']);
                    let class = if keywords.contains(&word) {
                        HighlightClass::Keyword
                    } else if after.starts_with('(') || after.starts_with("::") {
                        HighlightClass::FunctionName
                    } else {
                        HighlightClass::Identifier
                    };
                    self.emit(len, class);
                } else if let Some(op) = OPERATORS.iter().find(|op| rest.starts_with(**op)) {
                    self.emit(op.len(), HighlightClass::Operator);
                } else {
                    let len = rest.chars().next().map_or(1, char::len_utf8);
                    self.emit(len, HighlightClass::Invalid);
                }
            }
        }
    }

    /// `${` or `%{` (with an optional `~`) at the current position.
    fn template_opener(&mut self) -> bool {
        let rest = self.rest();
        let directive = rest.starts_with("%{");
        if !(rest.starts_with("${") || directive) {
            return false;
        }
        let len = if rest[2..].starts_with('~') { 3 } else { 2 };
        self.emit(len, HighlightClass::TemplateDelimiter);
        self.modes.push(Mode::Code {
            braces: 0,
            directive,
        });
        true
    }

    fn quoted(&mut self) {
        if self.template_opener() {
            return;
        }
        let rest = self.rest();
        let bytes = rest.as_bytes();
        match bytes[0] {
            b'"' => {
                self.emit(1, HighlightClass::String);
                self.modes.pop();
            }
            b'\n' | b'\r' => {
                // An unterminated string ends at the line.
                self.modes.pop();
            }
            b'\\' => {
                let len = match bytes.get(1) {
                    Some(b'u') => 2 + hex_len(&bytes[2..], 4),
                    Some(b'U') => 2 + hex_len(&bytes[2..], 8),
                    Some(_) => 1 + rest[1..].chars().next().map_or(0, char::len_utf8),
                    None => 1,
                };
                self.emit(len, HighlightClass::Escape);
            }
            b'$' | b'%' if bytes.get(1) == Some(&bytes[0]) && bytes.get(2) == Some(&b'{') => {
                self.emit(3, HighlightClass::Escape);
            }
            _ => {
                let len = literal_len(rest, true);
                self.emit(len.max(1), HighlightClass::String);
            }
        }
    }

    fn heredoc(&mut self, marker: &str, line_start: bool) {
        let rest = self.rest();
        if line_start {
            let line = &rest[..line_len(rest)];
            if line.trim() == marker && rest.len() > line.len() {
                self.emit(line.len(), HighlightClass::String);
                self.modes.pop();
                return;
            }
        }
        if self.template_opener() {
            self.set_line_start(false);
            return;
        }
        let rest = self.rest();
        let bytes = rest.as_bytes();
        if bytes[0] == b'\n' {
            self.pos += 1;
            self.set_line_start(true);
            return;
        }
        if bytes[0] == b'$' || bytes[0] == b'%' {
            let len = if bytes.get(1) == Some(&bytes[0]) && bytes.get(2) == Some(&b'{') {
                3
            } else {
                1
            };
            let class = if len == 3 {
                HighlightClass::Escape
            } else {
                HighlightClass::String
            };
            self.emit(len, class);
            self.set_line_start(false);
            return;
        }
        let len = literal_len(rest, false);
        self.emit(len.max(1), HighlightClass::String);
        self.set_line_start(false);
    }

    fn set_line_start(&mut self, value: bool) {
        if let Some(Mode::Heredoc { line_start, .. }) = self.modes.last_mut() {
            *line_start = value;
        }
    }
}

/// Length of the text up to (not including) the next newline.
fn line_len(text: &str) -> usize {
    text.find('\n').unwrap_or(text.len())
}

fn number_len(bytes: &[u8]) -> usize {
    let mut idx = 0;
    while idx < bytes.len()
        && (bytes[idx].is_ascii_digit()
            || (bytes[idx] == b'.' && bytes.get(idx + 1).is_some_and(u8::is_ascii_digit))
            || ((bytes[idx] == b'e' || bytes[idx] == b'E')
                && bytes
                    .get(idx + 1)
                    .is_some_and(|next| next.is_ascii_digit() || *next == b'+' || *next == b'-')))
    {
        idx += if matches!(bytes[idx], b'e' | b'E')
            && matches!(bytes.get(idx + 1), Some(b'+' | b'-'))
        {
            2
        } else {
            1
        };
    }
    idx.max(1)
}

fn hex_len(bytes: &[u8], max: usize) -> usize {
    bytes
        .iter()
        .take(max)
        .take_while(|byte| byte.is_ascii_hexdigit())
        .count()
}

/// Length of plain literal text: up to an escape, a template opener, a quote
/// (when quoted) or a newline.
fn literal_len(text: &str, quoted: bool) -> usize {
    let bytes = text.as_bytes();
    let mut idx = 0;
    while idx < bytes.len() {
        match bytes[idx] {
            b'\n' | b'$' | b'%' => break,
            b'"' | b'\\' | b'\r' if quoted => break,
            _ => idx += 1,
        }
    }
    // Stop on a char boundary (all stop bytes are ASCII, so idx already is).
    idx
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(src: &str) -> Vec<(&str, HighlightClass)> {
        highlight(src)
            .into_iter()
            .map(|(span, class)| (span.text(src), class))
            .collect()
    }

    #[test]
    fn classifies_expression() {
        use HighlightClass::*;
        assert_eq!(
            classes(r#"upper("a${x}") == 1 # c"#),
            vec![
                ("upper", FunctionName),
                ("(", Punctuation),
                ("\"", String),
                ("a", String),
                ("${", TemplateDelimiter),
                ("x", Identifier),
                ("}", TemplateDelimiter),
                ("\"", String),
                (")", Punctuation),
                ("==", Operator),
                ("1", Number),
                ("# c", Comment),
            ]
        );
    }

    #[test]
    fn tolerates_broken_input() {
        for src in [
            "\"abc",
            "${",
            "<<EOT\nfoo",
            "%{ if",
            "€ ~}",
            "\"\\u12",
            "x.*[",
            "\u{feff}",
        ] {
            let spans = highlight(src);
            for (span, _) in spans {
                assert!(span.end as usize <= src.len());
            }
        }
    }
}
