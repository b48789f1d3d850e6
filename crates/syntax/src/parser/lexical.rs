//! Token-sized parsers: trivia and comments, newlines, identifiers, numbers, punctuation.
//!
//! Every production builds on these. None of them skips leading trivia on
//! its own; callers skip trivia between tokens, so spans never include it.

use winnow::error::ErrMode;
use winnow::stream::{Location, Stream};

use super::Input;
use super::error::{PError, PResult};
use crate::ast::Ident;
use crate::ident_chars::{is_id_continue, is_id_start};
use crate::span::Span;

/// The text not yet consumed.
#[inline]
pub(crate) fn rest<'s>(input: &Input<'s>) -> &'s str {
    let slice: &&'s str = input.input.as_ref();
    slice
}

/// The current byte offset from the start of the source.
#[inline]
pub(crate) fn offset(input: &Input<'_>) -> usize {
    input.current_token_start()
}

/// The next byte, if any.
#[inline]
pub(crate) fn peek_byte(input: &Input<'_>) -> Option<u8> {
    rest(input).as_bytes().first().copied()
}

/// Consume `n` bytes.
#[inline]
pub(crate) fn advance<'s>(input: &mut Input<'s>, n: usize) -> &'s str {
    input.next_slice(n)
}

/// Consume `token` if the input starts with it.
#[inline]
pub(crate) fn eat(input: &mut Input<'_>, token: &str) -> bool {
    if rest(input).starts_with(token) {
        advance(input, token.len());
        true
    } else {
        false
    }
}

/// Consume `token` and return its span, if the input starts with it.
#[inline]
pub(crate) fn eat_span(input: &mut Input<'_>, token: &str) -> Option<Span> {
    let start = offset(input);
    eat(input, token).then(|| Span::new(start, start + token.len()))
}

/// Whether the input is at the end.
#[inline]
pub(crate) fn at_eof(input: &Input<'_>) -> bool {
    rest(input).is_empty()
}

// ---------------------------------------------------------------------------
// Trivia
// ---------------------------------------------------------------------------

/// Skip spaces, tabs and `/* */` comments, and also newlines and line comments
/// when the current newline mode ignores them.
#[inline]
pub(crate) fn ws(input: &mut Input<'_>) -> PResult<()> {
    // Most calls find no trivia at all: decide that without a call.
    if !starts_trivia(input) {
        return Ok(());
    }
    if input.state.newlines_significant {
        skip_trivia(input, false)
    } else {
        skip_trivia(input, true)
    }
}

/// [`ws`] where a run of spaces is the likely trivia (around the `=` of an
/// attribute): the run is skipped without a call.
#[inline]
pub(crate) fn ws_after_spaces(input: &mut Input<'_>) -> PResult<()> {
    let bytes = rest(input).as_bytes();
    let mut len = 0;
    while bytes.get(len) == Some(&b' ') {
        len += 1;
    }
    if len > 0 {
        advance(input, len);
    }
    ws(input)
}

/// Skip all trivia, newlines and line comments included, whatever the mode.
#[inline]
pub(crate) fn ws_nl(input: &mut Input<'_>) -> PResult<()> {
    if !starts_trivia(input) {
        return Ok(());
    }
    skip_trivia(input, true)
}

/// Whether the next byte may start trivia in some newline mode.
#[inline]
fn starts_trivia(input: &Input<'_>) -> bool {
    matches!(
        peek_byte(input),
        Some(b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/')
    )
}

fn skip_trivia(input: &mut Input<'_>, newlines: bool) -> PResult<()> {
    let bytes = rest(input).as_bytes();
    let mut idx = 0;
    loop {
        // Runs of spaces (indentation, alignment) are the common case.
        while idx < bytes.len() && matches!(bytes[idx], b' ' | b'\t') {
            idx += 1;
        }
        let Some(&byte) = bytes.get(idx) else {
            break;
        };
        match byte {
            b'\n' if newlines => idx += 1,
            b'\r' if newlines && bytes.get(idx + 1) == Some(&b'\n') => idx += 2,
            b'#' if newlines => idx = line_comment_end(bytes, idx),
            b'/' if newlines && bytes.get(idx + 1) == Some(&b'/') => {
                idx = line_comment_end(bytes, idx)
            }
            b'/' if bytes.get(idx + 1) == Some(&b'*') => {
                match find_comment_close(&bytes[idx + 2..]) {
                    Some(len) => idx += 2 + len + 2,
                    None => return unterminated_comment(input, idx),
                }
            }
            _ => break,
        }
    }
    if idx > 0 {
        advance(input, idx);
    }
    Ok(())
}

/// The error for a `/*` at `idx` (from the current position) never closed.
#[cold]
fn unterminated_comment(input: &mut Input<'_>, idx: usize) -> PResult<()> {
    let len = rest(input).len();
    let start = offset(input) + idx;
    advance(input, len);
    PError::unclosed(
        start + len - idx,
        Span::new(start, start + 2),
        "Unterminated comment",
        "There is no closing `*/` for this comment before the end of the file.",
    )
    .message("unclosed comment `/*`")
    .fail()
}

fn line_comment_end(bytes: &[u8], start: usize) -> usize {
    match memchr_newline(&bytes[start..]) {
        Some(len) => start + len + 1,
        None => bytes.len(),
    }
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&byte| byte == b'\n')
}

fn find_comment_close(bytes: &[u8]) -> Option<usize> {
    bytes.windows(2).position(|pair| pair == b"*/")
}

/// Consume one newline token: `\n`, `\r\n`, or a `#`/`//` line comment with
/// the newline that ends it. Returns whether one was consumed.
pub(crate) fn newline(input: &mut Input<'_>) -> bool {
    let bytes = rest(input).as_bytes();
    let len = match bytes.first() {
        Some(b'\n') => 1,
        Some(b'\r') if bytes.get(1) == Some(&b'\n') => 2,
        Some(b'#') => line_comment_end(bytes, 0),
        Some(b'/') if bytes.get(1) == Some(&b'/') => line_comment_end(bytes, 0),
        _ => return false,
    };
    advance(input, len);
    true
}

/// Whether the next token is a newline (or a line comment, which counts as one).
pub(crate) fn at_newline(input: &Input<'_>) -> bool {
    let bytes = rest(input).as_bytes();
    match bytes.first() {
        Some(b'\n' | b'#') => true,
        Some(b'\r') => bytes.get(1) == Some(&b'\n'),
        Some(b'/') => bytes.get(1) == Some(&b'/'),
        _ => false,
    }
}

// ---------------------------------------------------------------------------
// Identifiers and keywords
// ---------------------------------------------------------------------------

/// An [`Ident`] for `text`, its name shared with earlier ones.
#[inline]
pub(crate) fn new_ident(input: &mut Input<'_>, text: &str, span: Span) -> Ident {
    Ident {
        name: input.state.names.get(text),
        span,
    }
}

/// `Identifier = (ID_Start | '_') (ID_Continue | '-')*`
pub(crate) fn ident<'s>(input: &mut Input<'s>) -> Option<(&'s str, Span)> {
    let len = ident_len(rest(input));
    if len == 0 {
        return None;
    }
    let start = offset(input);
    Some((advance(input, len), Span::new(start, start + len)))
}

/// Byte classes for identifiers: ASCII letters and `_` may start one, those
/// and digits and `-` continue one, and non-ASCII bytes need a Unicode check.
const IDENT_START: u8 = 1;
const IDENT_CONTINUE: u8 = 2;
const NON_ASCII: u8 = 4;

static IDENT_BYTES: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let ch = byte as u8;
        table[byte] = if ch.is_ascii_alphabetic() || ch == b'_' {
            IDENT_START | IDENT_CONTINUE
        } else if ch.is_ascii_digit() || ch == b'-' {
            IDENT_CONTINUE
        } else if ch.is_ascii() {
            0
        } else {
            NON_ASCII
        };
        byte += 1;
    }
    table
};

/// `byte` in each of the eight bytes of a word.
pub(crate) const fn splat(byte: u8) -> u64 {
    u64::from_le_bytes([byte; 8])
}

/// The high bit of each byte of a word.
pub(crate) const HIGH_BITS: u64 = splat(0x80);

/// For each byte of `word` below 0x80, its high bit set if it is at least `low`.
#[inline]
pub(crate) fn bytes_at_least(word: u64, low: u8) -> u64 {
    // Each byte has its high bit set and `low` is below 0x80, so no byte
    // borrows from the next.
    ((word | HIGH_BITS) - splat(low)) & HIGH_BITS
}

/// For each byte of `word` below 0x80, its high bit set if it is in `low..=high`.
#[inline]
pub(crate) fn bytes_in(word: u64, low: u8, high: u8) -> u64 {
    bytes_at_least(word, low) & !bytes_at_least(word, high + 1)
}

/// For each byte of `word`, its high bit set if it is an ASCII identifier
/// character (a letter, a digit, `_` or `-`); only the high bits are meaningful.
#[inline]
fn ident_continue_bytes(word: u64) -> u64 {
    let ascii = !word & HIGH_BITS;
    // Setting bit 5 makes upper case letters lower case.
    let letters = bytes_in(word | splat(0x20), b'a', b'z');
    let digits = bytes_in(word, b'0', b'9');
    let others = bytes_in(word, b'_', b'_') | bytes_in(word, b'-', b'-');
    (letters | digits | others) & ascii
}

/// The byte length of the identifier at the start of `text` (0 if none).
#[inline(never)]
pub(crate) fn ident_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    match bytes.first() {
        Some(&byte) if IDENT_BYTES[usize::from(byte)] & IDENT_START != 0 => {}
        Some(&byte) if byte.is_ascii() => return 0,
        Some(_) => return unicode_ident_len(text, 0),
        None => return 0,
    }
    let idx = ascii_continue_end(bytes, 1);
    match bytes.get(idx) {
        // The identifier may go on with a non-ASCII character.
        Some(byte) if !byte.is_ascii() => unicode_ident_len(text, idx),
        _ => idx,
    }
}

/// The end of the ASCII identifier characters from `idx`: eight at a
/// time, then one lookup each near the end of the text.
#[inline]
fn ascii_continue_end(bytes: &[u8], mut idx: usize) -> usize {
    while let Some(chunk) = bytes.get(idx..idx + 8) {
        let word = chunk.try_into().map_or(0, u64::from_le_bytes);
        let others = !ident_continue_bytes(word) & HIGH_BITS;
        if others != 0 {
            // The lowest marked byte is the first that is not one.
            return idx + (others.trailing_zeros() / 8) as usize;
        }
        idx += 8;
    }
    while idx < bytes.len() && IDENT_BYTES[usize::from(bytes[idx])] & IDENT_CONTINUE != 0 {
        idx += 1;
    }
    idx
}

/// [`ident_len`] from `idx` on, where a non-ASCII byte is: the identifier's
/// first character when `idx` is 0, a continuation otherwise.
#[cold]
#[inline(never)]
fn unicode_ident_len(text: &str, mut idx: usize) -> usize {
    let bytes = text.as_bytes();
    if idx == 0 {
        match text.chars().next() {
            Some(first) if is_id_start(first) => idx = first.len_utf8(),
            _ => return 0,
        }
    }
    loop {
        idx = ascii_continue_end(bytes, idx);
        if idx < bytes.len() && !bytes[idx].is_ascii() {
            match text[idx..].chars().next() {
                Some(ch) if is_id_continue(ch) => idx += ch.len_utf8(),
                _ => return idx,
            }
        } else {
            return idx;
        }
    }
}

/// Whether the input starts with the keyword `word` as a whole identifier.
pub(crate) fn at_keyword(input: &Input<'_>, word: &str) -> bool {
    let text = rest(input);
    text.starts_with(word) && ident_len(text) == word.len()
}

/// Consume the keyword `word` if it is next, returning its span.
pub(crate) fn keyword(input: &mut Input<'_>, word: &str) -> Option<Span> {
    if at_keyword(input, word) {
        let start = offset(input);
        advance(input, word.len());
        Some(Span::new(start, start + word.len()))
    } else {
        None
    }
}

// ---------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------

/// `NumericLit = decimal+ ("." decimal+)? (expmark decimal+)?`
///
/// A second fractional part (`1.2.3`) makes the literal invalid, as in HCL's
/// scanner, which reads it as one malformed number token.
pub(crate) fn number<'s>(input: &mut Input<'s>) -> PResult<Option<(&'s str, Span)>> {
    let bytes = rest(input).as_bytes();
    let mut idx = digits(bytes, 0);
    if idx == 0 {
        return Ok(None);
    }
    if bytes.get(idx) == Some(&b'.') && bytes.get(idx + 1).is_some_and(u8::is_ascii_digit) {
        idx = digits(bytes, idx + 1);
    } else if bytes.get(idx) == Some(&b'.') && exponent_follows(bytes, idx + 1) {
        // `7.E7` is one number literal for HCL's scanner (70000000), not `7` then `.E7`.
        idx += 1;
    }
    if matches!(bytes.get(idx), Some(b'e' | b'E')) {
        let mut exp = idx + 1;
        if matches!(bytes.get(exp), Some(b'+' | b'-')) {
            exp += 1;
        }
        if bytes.get(exp).is_some_and(u8::is_ascii_digit) {
            idx = digits(bytes, exp);
        }
    }
    let start = offset(input);
    if bytes.get(idx) == Some(&b'.') && bytes.get(idx + 1).is_some_and(u8::is_ascii_digit) {
        let mut end = idx;
        while end < bytes.len() && (bytes[end].is_ascii_digit() || bytes[end] == b'.') {
            end += 1;
        }
        return PError::new(
            start,
            "Invalid number literal",
            "Failed to recognize the value of this number literal.",
        )
        .span(Span::new(start, start + end))
        .fail();
    }
    let text = advance(input, idx);
    Ok(Some((text, Span::new(start, start + idx))))
}

/// Whether an exponent (`e`, an optional sign, a digit) starts at `at`.
pub(crate) fn exponent_follows(bytes: &[u8], at: usize) -> bool {
    if !matches!(bytes.get(at), Some(b'e' | b'E')) {
        return false;
    }
    let digit_at = if matches!(bytes.get(at + 1), Some(b'+' | b'-')) {
        at + 2
    } else {
        at + 1
    };
    bytes.get(digit_at).is_some_and(u8::is_ascii_digit)
}

/// The end of the number literal HCL's scanner takes at `start` (a digit): digits, dots and
/// exponents (`e`, an optional sign and a digit), ending with no dot (`1.2.3`, `1e3`, `1.e5`).
pub(crate) fn number_lit_end(bytes: &[u8], start: usize) -> usize {
    let mut at = start + 1;
    let mut end = at;
    loop {
        match bytes.get(at) {
            Some(byte) if byte.is_ascii_digit() => {
                at += 1;
                end = at;
            }
            Some(b'.') => at += 1,
            Some(b'e' | b'E') if exponent_follows(bytes, at) => {
                at += if matches!(bytes.get(at + 1), Some(b'+' | b'-')) {
                    3
                } else {
                    2
                };
                end = at;
            }
            _ => return end,
        }
    }
}

/// The end of a run of ASCII digits starting at `start`.
pub(crate) fn digits(bytes: &[u8], start: usize) -> usize {
    let mut idx = start;
    while idx < bytes.len() && bytes[idx].is_ascii_digit() {
        idx += 1;
    }
    idx
}

// ---------------------------------------------------------------------------
// Error positions
// ---------------------------------------------------------------------------

/// Multi-character punctuation, longest first where prefixes overlap.
const PUNCTUATION: &[&str] = &[
    "...", "=>", "==", "!=", "<=", ">=", "&&", "||", "::", "${", "%{", "~}", "<<",
];

/// The span of the token starting at `offset`, for error reports: an
/// identifier, a number, a newline, a multi-character operator or one character.
pub(crate) fn token_span_at(src: &str, offset: usize) -> Span {
    let offset = floor_char_boundary(src, offset.min(src.len()));
    let text = &src[offset..];
    // A newline gets an empty span at the end of its line, so that a
    // diagnostic points there instead of spanning two lines.
    let len = if text.is_empty() || text.starts_with('\n') || text.starts_with("\r\n") {
        0
    } else if let len @ 1.. = ident_len(text) {
        len
    } else if text.as_bytes()[0].is_ascii_digit() {
        let bytes = text.as_bytes();
        let mut idx = 0;
        while idx < bytes.len() && (bytes[idx].is_ascii_alphanumeric() || bytes[idx] == b'.') {
            idx += 1;
        }
        idx
    } else if let Some(punct) = PUNCTUATION.iter().find(|punct| text.starts_with(**punct)) {
        punct.len()
    } else {
        text.chars().next().map_or(0, char::len_utf8)
    };
    Span::new(offset, offset + len)
}

/// The largest char boundary not after `offset`.
pub(crate) fn floor_char_boundary(src: &str, offset: usize) -> usize {
    let mut offset = offset.min(src.len());
    while !src.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// An error for an expression that should start at the current position.
pub(crate) fn expected_expression(input: &Input<'_>) -> ErrMode<PError> {
    let at = offset(input);
    if at_eof(input) {
        PError::new(
            at,
            "Missing expression",
            "Expected the start of an expression, but found the end of the file.",
        )
        .expected(&[crate::Expected::Description("expression")])
        .cut()
    } else {
        PError::new(
            at,
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
        )
        .expected(&[crate::Expected::Description("expression")])
        .cut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dot_before_an_exponent_belongs_to_the_number() {
        for (src, dump) in [
            ("7.E7", "7.E7"),
            ("1.e+5", "1.e+5"),
            ("1.5", "1.5"),
            ("1.e", "1.e"),
        ] {
            let expr = crate::parse_expr(src).map(|expr| crate::dump(&expr));
            assert_eq!(expr.as_deref(), Ok(dump), "{src}");
        }
        assert!(exponent_follows(b"e5", 0) && exponent_follows(b"E-5", 0));
        assert!(!exponent_follows(b"e", 0) && !exponent_follows(b"ex", 0));
    }

    #[test]
    fn identifiers() {
        assert_eq!(ident_len("abc def"), 3);
        assert_eq!(ident_len("a-b_c1 = 1"), 6);
        assert_eq!(ident_len("_x"), 2);
        assert_eq!(ident_len("1a"), 0);
        assert_eq!(ident_len("café="), 5);
        assert_eq!(ident_len("ünï"), 5);
        assert_eq!(ident_len("-a"), 0);
        assert_eq!(ident_len("€"), 0);
    }

    #[test]
    fn identifiers_read_eight_bytes_at_a_time() {
        // Every ASCII byte, and a non-ASCII one, at every position of a
        // word, against a byte-by-byte reading.
        let reference = |text: &str| {
            let mut chars = text.char_indices();
            match chars.next() {
                Some((_, first)) if first == '_' || is_id_start(first) => {}
                _ => return 0,
            }
            chars
                .find(|&(_, ch)| !(ch == '-' || is_id_continue(ch)))
                .map_or(text.len(), |(at, _)| at)
        };
        for byte in (0..0x80u8).map(char::from).chain(['é', '€']) {
            for at in 1..20 {
                let mut text: String = "abcdefghijklmnopqrstuvwxyz".chars().take(at).collect();
                text.push(byte);
                text.push_str("xyz0123456789 ");
                assert_eq!(ident_len(&text), reference(&text), "{text:?}");
            }
        }
    }

    #[test]
    fn token_spans() {
        assert_eq!(token_span_at("a == b", 2), Span::new(2, 4));
        assert_eq!(token_span_at("[1 2]", 3), Span::new(3, 4));
        assert_eq!(token_span_at("x", 1), Span::new(1, 1));
        assert_eq!(token_span_at("é", 1), Span::new(0, 2));
    }
}
