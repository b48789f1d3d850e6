//! The lossless token layer: every byte of a source text in exactly one [`Token`], trivia included.
//!
//! The kinds and boundaries follow HCL's own scanner (`hclsyntax`), so that a formatter working
//! from these tokens sees what `hclwrite` sees: comments keep their final newline, a heredoc's
//! closing marker keeps its indentation, and template literals are single tokens. Runs of spaces
//! and tabs, which HCL's scanner skips, are [`TokenKind::Whitespace`] tokens here, so that joining
//! the tokens' text gives back the input byte for byte.

use crate::ident_chars::{is_id_continue, is_id_start};
use crate::span::Span;

/// What a [`Token`] is, named after `hclsyntax`'s token types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// `{`
    OBrace,
    /// `}`
    CBrace,
    /// `[`
    OBrack,
    /// `]`
    CBrack,
    /// `(`
    OParen,
    /// `)`
    CParen,
    /// `"` opening a quoted template.
    OQuote,
    /// `"` closing a quoted template.
    CQuote,
    /// `<<EOT` or `<<-EOT` with its newline.
    OHeredoc,
    /// A heredoc's closing marker line, indentation included, newline excluded.
    CHeredoc,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `%`
    Percent,
    /// `=`
    Equal,
    /// `==`
    EqualOp,
    /// `!=`
    NotEqual,
    /// `<`
    LessThan,
    /// `<=`
    LessThanEq,
    /// `>`
    GreaterThan,
    /// `>=`
    GreaterThanEq,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `!`
    Bang,
    /// `.`
    Dot,
    /// `,`
    Comma,
    /// `::`
    DoubleColon,
    /// `...`
    Ellipsis,
    /// `=>`
    FatArrow,
    /// `?`
    Question,
    /// `:`
    Colon,
    /// `${` or `${~`
    TemplateInterp,
    /// `%{` or `%{~`
    TemplateControl,
    /// `}` or `~}` closing an interpolation or directive.
    TemplateSeqEnd,
    /// Literal text inside a quoted template (escapes unprocessed).
    QuotedLit,
    /// Literal text of a heredoc line (or part of one), newline included.
    StringLit,
    /// A number, as written.
    NumberLit,
    /// An identifier (keywords included).
    Ident,
    /// A comment; `#` and `//` comments include their final newline.
    Comment,
    /// `\n` or `\r\n` outside templates.
    Newline,
    /// A newline inside a quoted template (a syntax error).
    QuotedNewline,
    /// Spaces and tabs between tokens.
    Whitespace,
    /// A character that starts no token (a syntax error).
    Invalid,
}

/// One token: its kind and the bytes it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// The bytes it covers.
    pub span: Span,
}

/// Split `src` into tokens; every byte lands in exactly one token, so the
/// tokens' texts joined give back `src`. Never fails: bytes that start no
/// token become [`TokenKind::Invalid`] tokens.
///
/// ```
/// use terrace_syntax::{TokenKind, tokenize};
///
/// let src = "a = \"${b}\" # note\n";
/// let tokens = tokenize(src);
/// let kinds: Vec<TokenKind> = tokens.iter().map(|token| token.kind).collect();
/// assert_eq!(kinds[..4], [TokenKind::Ident, TokenKind::Whitespace, TokenKind::Equal, TokenKind::Whitespace]);
/// assert_eq!(tokens.last().map(|token| token.kind), Some(TokenKind::Comment));
/// let joined: String = tokens.iter().map(|token| &src[token.span.range()]).collect();
/// assert_eq!(joined, src);
/// ```
pub fn tokenize(src: &str) -> Vec<Token> {
    let mut lexer = Lexer {
        src,
        bytes: src.as_bytes(),
        pos: 0,
        tokens: Vec::with_capacity(src.len() / 3),
        modes: vec![Mode::Main],
        braces: 0,
        return_braces: Vec::new(),
    };
    lexer.run();
    lexer.tokens
}

/// The scanner's mode: HCL's lexing is modal because templates nest expressions.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Expressions and bodies.
    Main,
    /// Inside `"…"`.
    Quoted,
    /// Inside a heredoc: where its marker is in the source, and whether the
    /// next byte starts a line.
    Heredoc {
        marker: (usize, usize),
        start_of_line: bool,
    },
}

struct Lexer<'src> {
    src: &'src str,
    bytes: &'src [u8],
    pos: usize,
    tokens: Vec<Token>,
    modes: Vec<Mode>,
    braces: i64,
    /// Brace depths at which a `}` closes a template interpolation or directive.
    return_braces: Vec<i64>,
}

impl Lexer<'_> {
    fn run(&mut self) {
        while self.pos < self.bytes.len() {
            let start = self.pos;
            match self.modes.last().copied() {
                Some(Mode::Quoted) => self.quoted(),
                Some(Mode::Heredoc {
                    marker,
                    start_of_line,
                }) => self.heredoc(marker, start_of_line),
                Some(Mode::Main) | None => self.main(),
            }
            if self.pos == start {
                // Invariant: every mode consumes at least one byte; this is a
                // guard against looping forever should one not.
                self.push_char(TokenKind::Invalid, start);
            }
        }
    }

    fn peek(&self, offset: usize) -> u8 {
        self.bytes.get(self.pos + offset).copied().unwrap_or(0)
    }

    fn push(&mut self, kind: TokenKind, start: usize, end: usize) {
        self.pos = end;
        self.tokens.push(Token {
            kind,
            span: Span::new(start, end),
        });
    }

    /// Push one whole character starting at `start`.
    fn push_char(&mut self, kind: TokenKind, start: usize) {
        let len = self.src[start..].chars().next().map_or(1, char::len_utf8);
        self.push(kind, start, start + len);
    }

    fn main(&mut self) {
        let start = self.pos;
        let byte = self.peek(0);
        match byte {
            b' ' | b'\t' => {
                let mut end = start;
                while matches!(self.bytes.get(end), Some(b' ' | b'\t')) {
                    end += 1;
                }
                self.push(TokenKind::Whitespace, start, end);
            }
            b'0'..=b'9' => {
                let end = number_end(self.bytes, start);
                self.push(TokenKind::NumberLit, start, end);
            }
            b'#' => self.line_comment(start),
            b'/' if self.peek(1) == b'/' => self.line_comment(start),
            b'/' if self.peek(1) == b'*' => match self.src[start + 2..].find("*/") {
                Some(at) => self.push(TokenKind::Comment, start, start + 2 + at + 2),
                None => self.push(TokenKind::Slash, start, start + 1),
            },
            b'\n' => self.push(TokenKind::Newline, start, start + 1),
            b'\r' if self.peek(1) == b'\n' => self.push(TokenKind::Newline, start, start + 2),
            b'"' => {
                self.push(TokenKind::OQuote, start, start + 1);
                self.modes.push(Mode::Quoted);
            }
            b'<' if self.peek(1) == b'<' => match self.heredoc_intro(start) {
                Some((end, marker)) => {
                    self.push(TokenKind::OHeredoc, start, end);
                    self.modes.push(Mode::Heredoc {
                        marker,
                        start_of_line: true,
                    });
                }
                None => self.push(TokenKind::LessThan, start, start + 1),
            },
            b'{' => {
                self.braces += 1;
                self.push(TokenKind::OBrace, start, start + 1);
            }
            b'}' => self.close_brace(start, 1, false),
            b'~' if self.peek(1) == b'}' => self.close_brace(start, 2, true),
            _ => {
                if let Some((kind, len)) = operator(&self.bytes[start..]) {
                    self.push(kind, start, start + len);
                } else if let Some(end) = ident_end(self.src, start) {
                    self.push(TokenKind::Ident, start, end);
                } else {
                    self.push_char(TokenKind::Invalid, start);
                }
            }
        }
    }

    fn line_comment(&mut self, start: usize) {
        let end = match self.bytes[start..].iter().position(|&byte| byte == b'\n') {
            Some(at) => start + at + 1,
            None => self.bytes.len(),
        };
        self.push(TokenKind::Comment, start, end);
    }

    /// `<<` `-`? identifier newline: the end of the introducer and the marker.
    fn heredoc_intro(&self, start: usize) -> Option<(usize, (usize, usize))> {
        let mut at = start + 2;
        if self.bytes.get(at) == Some(&b'-') {
            at += 1;
        }
        let name_end = ident_end(self.src, at)?;
        let end = match (self.bytes.get(name_end), self.bytes.get(name_end + 1)) {
            (Some(b'\n'), _) => name_end + 1,
            (Some(b'\r'), Some(b'\n')) => name_end + 2,
            _ => return None,
        };
        Some((end, (at, name_end)))
    }

    fn close_brace(&mut self, start: usize, len: usize, tilde: bool) {
        if self.return_braces.last() == Some(&self.braces) {
            self.return_braces.pop();
            self.braces -= 1;
            self.push(TokenKind::TemplateSeqEnd, start, start + len);
            self.modes.pop();
        } else {
            self.braces -= 1;
            let kind = if tilde {
                TokenKind::TemplateSeqEnd
            } else {
                TokenKind::CBrace
            };
            self.push(kind, start, start + len);
        }
    }

    /// A `${` or `%{` (with an optional `~`) at the current position, if any.
    fn template_open(&mut self, start: usize) -> bool {
        let kind = match (self.peek(0), self.peek(1)) {
            (b'$', b'{') => TokenKind::TemplateInterp,
            (b'%', b'{') => TokenKind::TemplateControl,
            _ => return false,
        };
        let len = if self.peek(2) == b'~' { 3 } else { 2 };
        self.push(kind, start, start + len);
        self.braces += 1;
        self.return_braces.push(self.braces);
        if let Some(Mode::Heredoc { start_of_line, .. }) = self.modes.last_mut() {
            *start_of_line = false;
        }
        self.modes.push(Mode::Main);
        true
    }

    fn quoted(&mut self) {
        let start = self.pos;
        if self.template_open(start) {
            return;
        }
        match self.peek(0) {
            b'"' => {
                self.push(TokenKind::CQuote, start, start + 1);
                self.modes.pop();
            }
            b'\r' | b'\n' => {
                let mut end = start;
                while matches!(self.bytes.get(end), Some(b'\r' | b'\n')) {
                    end += 1;
                }
                self.push(TokenKind::QuotedNewline, start, end);
            }
            _ => {
                let end = literal_end(self.bytes, start, true);
                self.push(TokenKind::QuotedLit, start, end);
            }
        }
    }

    fn heredoc(&mut self, marker: (usize, usize), start_of_line: bool) {
        let marker = &self.src[marker.0..marker.1];
        let start = self.pos;
        if start_of_line {
            let line_end = self.bytes[start..]
                .iter()
                .position(|&byte| byte == b'\n')
                .map(|at| start + at);
            if let Some(newline_at) = line_end
                && self.src[start..newline_at].trim() == marker
            {
                let marker_end = if newline_at > start && self.bytes[newline_at - 1] == b'\r' {
                    newline_at - 1
                } else {
                    newline_at
                };
                self.push(TokenKind::CHeredoc, start, marker_end);
                self.push(TokenKind::Newline, marker_end, newline_at + 1);
                self.modes.pop();
                return;
            }
        }
        if self.template_open(start) {
            return;
        }
        if self.peek(0) == b'\r' && self.peek(1) != b'\n' {
            // HCL's scanner has no rule for a carriage return alone in a heredoc.
            self.push(TokenKind::Invalid, start, start + 1);
            return;
        }
        let end = literal_end(self.bytes, start, false);
        let ends_line = end > start && self.bytes[end - 1] == b'\n';
        if let Some(Mode::Heredoc { start_of_line, .. }) = self.modes.last_mut() {
            *start_of_line = ends_line;
        }
        self.push(TokenKind::StringLit, start, end);
    }
}

/// The end of a template literal starting at `start`: up to an interpolation
/// or directive opener, a closing quote and newline (quoted), or just past a
/// newline (heredoc). `$${` and `%%{` are literal text.
fn literal_end(bytes: &[u8], start: usize, quoted: bool) -> usize {
    let mut at = start;
    while at < bytes.len() {
        match bytes[at] {
            b'$' | b'%' => {
                let next = bytes.get(at + 1).copied();
                if next == Some(b'{') {
                    break;
                }
                if next == Some(bytes[at]) && bytes.get(at + 2) == Some(&b'{') {
                    at += 3;
                    if bytes.get(at) == Some(&b'~') {
                        at += 1;
                    }
                } else {
                    at += 1;
                }
            }
            b'"' if quoted => break,
            b'\\' if quoted => {
                at += 1;
                if at < bytes.len() && !matches!(bytes[at], b'\r' | b'\n') {
                    at += 1;
                }
            }
            b'\r' | b'\n' if quoted => break,
            b'\n' => return at + 1,
            b'\r' if bytes.get(at + 1) != Some(&b'\n') => break,
            _ => at += 1,
        }
    }
    // Keep whole characters: a literal never ends inside one.
    while at < bytes.len() && (bytes[at] & 0xC0) == 0x80 {
        at += 1;
    }
    at.max(start + 1).min(bytes.len())
}

/// The end of a number literal: digits, dots and exponents, never ending on a dot.
fn number_end(bytes: &[u8], start: usize) -> usize {
    let mut at = start + 1;
    let mut end = at;
    loop {
        match bytes.get(at) {
            Some(b'0'..=b'9') => {
                at += 1;
                end = at;
            }
            Some(b'.') => at += 1,
            Some(b'e' | b'E') => {
                let mut next = at + 1;
                if matches!(bytes.get(next), Some(b'+' | b'-')) {
                    next += 1;
                }
                if matches!(bytes.get(next), Some(b'0'..=b'9')) {
                    at = next + 1;
                    end = at;
                } else {
                    return end;
                }
            }
            _ => return end,
        }
    }
}

/// The end of an identifier starting at `start`, if one starts there.
fn ident_end(src: &str, start: usize) -> Option<usize> {
    let bytes = src.as_bytes();
    if let Some(&first) = bytes.get(start)
        && first.is_ascii()
    {
        if !(first == b'_' || first.is_ascii_alphabetic()) {
            return None;
        }
        let mut at = start + 1;
        while let Some(&byte) = bytes.get(at) {
            if byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-' {
                at += 1;
            } else if byte.is_ascii() {
                return Some(at);
            } else {
                break;
            }
        }
        if at == bytes.len() {
            return Some(at);
        }
        // A non-ASCII character follows: go on character by character.
        return Some(ident_continue(src, at));
    }
    let mut chars = src[start..].char_indices();
    let (_, first) = chars.next()?;
    if !(first == '_' || is_id_start(first)) {
        return None;
    }
    for (offset, ch) in chars {
        if !(ch == '-' || is_id_continue(ch)) {
            return Some(start + offset);
        }
    }
    Some(src.len())
}

/// The end of the identifier characters starting at `at`.
fn ident_continue(src: &str, at: usize) -> usize {
    for (offset, ch) in src[at..].char_indices() {
        if !(ch == '-' || is_id_continue(ch)) {
            return at + offset;
        }
    }
    src.len()
}

/// An operator or punctuation token at the start of `rest`: its kind and length.
fn operator(rest: &[u8]) -> Option<(TokenKind, usize)> {
    use TokenKind::*;
    let two = match rest {
        [b'.', b'.', b'.', ..] => return Some((Ellipsis, 3)),
        [a, b, ..] => [*a, *b],
        _ => [rest.first().copied().unwrap_or(0), 0],
    };
    let pair = match &two {
        b"==" => Some(EqualOp),
        b"!=" => Some(NotEqual),
        b">=" => Some(GreaterThanEq),
        b"<=" => Some(LessThanEq),
        b"&&" => Some(And),
        b"||" => Some(Or),
        b"::" => Some(DoubleColon),
        b"=>" => Some(FatArrow),
        _ => None,
    };
    if let Some(kind) = pair {
        return Some((kind, 2));
    }
    let kind = match two[0] {
        b'[' => OBrack,
        b']' => CBrack,
        b'(' => OParen,
        b')' => CParen,
        b'.' => Dot,
        b',' => Comma,
        b'*' => Star,
        b'/' => Slash,
        b'%' => Percent,
        b'+' => Plus,
        b'-' => Minus,
        b'=' => Equal,
        b'<' => LessThan,
        b'>' => GreaterThan,
        b'!' => Bang,
        b'?' => Question,
        b':' => Colon,
        _ => return None,
    };
    Some((kind, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokenKind> {
        tokenize(src)
            .into_iter()
            .map(|token| token.kind)
            .filter(|kind| *kind != TokenKind::Whitespace)
            .collect()
    }

    #[test]
    fn templates_nest_and_heredocs_close_on_their_marker() {
        use TokenKind::*;
        assert_eq!(
            kinds("a = \"x${b[\"c\"]}\"\n"),
            [
                Ident,
                Equal,
                OQuote,
                QuotedLit,
                TemplateInterp,
                Ident,
                OBrack,
                OQuote,
                QuotedLit,
                CQuote,
                CBrack,
                TemplateSeqEnd,
                CQuote,
                Newline
            ]
        );
        assert_eq!(
            kinds("a = <<-EOT\n  x ${y}\n  EOT\n"),
            [
                Ident,
                Equal,
                OHeredoc,
                StringLit,
                TemplateInterp,
                Ident,
                TemplateSeqEnd,
                StringLit,
                CHeredoc,
                Newline
            ]
        );
    }

    #[test]
    fn numbers_never_end_on_a_dot() {
        assert_eq!(number_end(b"1.5e+3x", 0), 6);
        assert_eq!(number_end(b"1.", 0), 1);
        assert_eq!(number_end(b"1e", 0), 1);
    }

    #[test]
    fn every_byte_is_in_one_token() {
        for src in [
            "\"a\\",
            "<<EOT",
            "/* x",
            "é\r\u{1}",
            "\"${\"",
            "x = \"%%{a}$${b}\"",
        ] {
            let joined: String = tokenize(src)
                .iter()
                .map(|token| &src[token.span.range()])
                .collect();
            assert_eq!(joined, src);
        }
    }
}
