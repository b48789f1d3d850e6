//! `Scanner`: a fast, validating, streaming JSON reader over a state file's text, for the envelope of a state; large values are validated and skipped, and kept as byte ranges to decode later.
//!
//! A state of 20,000 instances is about 50 MB; building a tree of all of it
//! costs more than the console's whole time budget. The scanner checks the
//! full JSON grammar of every byte (so truncation and syntax errors are found
//! at load, with their position) but allocates only for what the caller reads.

use std::borrow::Cow;
use std::ops::Range;

/// A JSON syntax error at a byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ScanError {
    /// Where the offending byte is (the text's length at a premature end).
    pub(crate) offset: usize,
    /// What is wrong, in lower case.
    pub(crate) message: String,
}

/// How deeply arrays and objects may nest (as `terrace_syntax`'s JSON reader allows).
const MAX_DEPTH: usize = 128;

/// A cursor over JSON text.
pub(crate) struct Scanner<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `src` (a leading byte-order mark is skipped).
    pub(crate) fn new(src: &'a str) -> Scanner<'a> {
        let pos = if src.starts_with('\u{feff}') { 3 } else { 0 };
        Scanner {
            src,
            bytes: src.as_bytes(),
            pos,
        }
    }

    /// The current byte offset.
    pub(crate) fn offset(&self) -> usize {
        self.pos
    }

    /// Moves the cursor to byte `offset` (a position the scanner reported earlier).
    pub(crate) fn skip_to(&mut self, offset: usize) {
        self.pos = offset.min(self.bytes.len());
    }

    /// Checks that only white space is left.
    pub(crate) fn finish(&mut self) -> Result<(), ScanError> {
        self.skip_ws();
        if self.pos < self.bytes.len() {
            return Err(self.unexpected("after the top-level value"));
        }
        Ok(())
    }

    /// The first byte of the next value (after white space), if any.
    pub(crate) fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        loop {
            // Indentation comes in runs of spaces: eight at a time.
            while self.bytes.get(self.pos..self.pos + 8) == Some(b"        ") {
                self.pos += 8;
            }
            match self.bytes.get(self.pos) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
                _ => return,
            }
        }
    }

    fn error(&self, offset: usize, message: impl Into<String>) -> ScanError {
        ScanError {
            offset,
            message: message.into(),
        }
    }

    /// An error about the byte at the cursor (or the end of the text).
    fn unexpected(&self, context: &str) -> ScanError {
        match self.src[self.pos..].chars().next() {
            None => self.error(
                self.pos,
                format!("unexpected end of file {context} (the file looks truncated)"),
            ),
            Some(c) => self.error(self.pos, format!("unexpected {} {context}", describe(c))),
        }
    }

    fn expect(&mut self, byte: u8, context: &str) -> Result<(), ScanError> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.unexpected(context))
        }
    }

    /// Reads an object, calling `member` with the scanner positioned on each value,
    /// with the decoded key and the key's offset. `member` must consume the value.
    pub(crate) fn object(
        &mut self,
        mut member: impl FnMut(&mut Scanner<'a>, Cow<'a, str>, usize) -> Result<(), ScanError>,
    ) -> Result<(), ScanError> {
        self.expect(b'{', "where an object was expected")?;
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            if self.peek() != Some(b'"') {
                return Err(self.unexpected("where an object key was expected"));
            }
            let key_offset = self.pos;
            let key = self.string()?;
            self.expect(b':', "after an object key (expected `:`)")?;
            member(self, key, key_offset)?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => return Err(self.unexpected("after an object member (expected `,` or `}`)")),
            }
        }
    }

    /// Reads an array, calling `element` with the scanner positioned on each element.
    pub(crate) fn array(
        &mut self,
        mut element: impl FnMut(&mut Scanner<'a>) -> Result<(), ScanError>,
    ) -> Result<(), ScanError> {
        self.expect(b'[', "where an array was expected")?;
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            element(self)?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => return Err(self.unexpected("after an array element (expected `,` or `]`)")),
            }
        }
    }

    /// Reads a string and decodes its escapes (borrowed when it has none).
    pub(crate) fn string(&mut self) -> Result<Cow<'a, str>, ScanError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("where a string was expected"));
        }
        let start = self.pos;
        let has_escapes = self.skip_string()?;
        let inner = &self.src[start + 1..self.pos - 1];
        if !has_escapes {
            return Ok(Cow::Borrowed(inner));
        }
        Ok(Cow::Owned(unescape(inner)))
    }

    /// Skips one value of any kind, checking its syntax, and returns its byte range.
    pub(crate) fn skip_value(&mut self) -> Result<Range<usize>, ScanError> {
        self.skip_ws();
        let start = self.pos;
        // Each entry: true inside an object, false inside an array.
        let mut stack: Vec<bool> = Vec::new();
        loop {
            // A value.
            match self.peek() {
                Some(b'{') => {
                    self.pos += 1;
                    if stack.len() >= MAX_DEPTH {
                        return Err(self.error(
                            self.pos - 1,
                            format!("nesting too deep: more than {MAX_DEPTH} levels of arrays and objects"),
                        ));
                    }
                    if self.peek() == Some(b'}') {
                        self.pos += 1;
                    } else {
                        stack.push(true);
                        self.object_key()?;
                        continue;
                    }
                }
                Some(b'[') => {
                    self.pos += 1;
                    if stack.len() >= MAX_DEPTH {
                        return Err(self.error(
                            self.pos - 1,
                            format!("nesting too deep: more than {MAX_DEPTH} levels of arrays and objects"),
                        ));
                    }
                    if self.peek() == Some(b']') {
                        self.pos += 1;
                    } else {
                        stack.push(false);
                        continue;
                    }
                }
                Some(b'"') => {
                    self.skip_string()?;
                }
                Some(b'-' | b'0'..=b'9') => self.skip_number()?,
                Some(b't') => self.literal("true")?,
                Some(b'f') => self.literal("false")?,
                Some(b'n') => self.literal("null")?,
                _ => return Err(self.unexpected("where a value was expected")),
            }
            // After a value: close containers or move to the next element.
            loop {
                let Some(&in_object) = stack.last() else {
                    return Ok(start..self.pos);
                };
                match (self.peek(), in_object) {
                    (Some(b','), true) => {
                        self.pos += 1;
                        self.object_key()?;
                        break;
                    }
                    (Some(b','), false) => {
                        self.pos += 1;
                        break;
                    }
                    (Some(b'}'), true) | (Some(b']'), false) => {
                        self.pos += 1;
                        stack.pop();
                    }
                    (_, true) => {
                        return Err(self.unexpected("after an object member (expected `,` or `}`)"));
                    }
                    (_, false) => {
                        return Err(self.unexpected("after an array element (expected `,` or `]`)"));
                    }
                }
            }
        }
    }

    /// `"key" :` inside an object being skipped.
    fn object_key(&mut self) -> Result<(), ScanError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("where an object key was expected"));
        }
        self.skip_string()?;
        self.expect(b':', "after an object key (expected `:`)")
    }

    fn literal(&mut self, word: &str) -> Result<(), ScanError> {
        if self.src[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.unexpected("where a value was expected"))
        }
    }

    /// Skips a string at the cursor (on its opening quote); true when it has escapes.
    fn skip_string(&mut self) -> Result<bool, ScanError> {
        let open = self.pos;
        self.pos += 1;
        let mut has_escapes = false;
        loop {
            let Some(&byte) = self.bytes.get(self.pos) else {
                return Err(self.error(
                    self.pos,
                    format!(
                        "unexpected end of file in the string that starts at byte {open} (the file looks truncated)"
                    ),
                ));
            };
            if !is_special(byte) {
                // Plain text: skip it eight bytes at a time.
                self.pos += 1;
                while let Some(chunk) = self.bytes.get(self.pos..self.pos + 8) {
                    let word = u64::from_le_bytes(chunk.try_into().unwrap_or([b'"'; 8]));
                    if has_special_byte(word) {
                        break;
                    }
                    self.pos += 8;
                }
                continue;
            }
            match byte {
                b'"' => {
                    self.pos += 1;
                    return Ok(has_escapes);
                }
                b'\\' => {
                    has_escapes = true;
                    match self.bytes.get(self.pos + 1) {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                            self.pos += 2
                        }
                        Some(b'u') => {
                            let hex = self.bytes.get(self.pos + 2..self.pos + 6);
                            if !hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                                return Err(
                                    self.error(self.pos, "invalid `\\u` escape in a string")
                                );
                            }
                            self.pos += 6;
                        }
                        _ => {
                            return Err(self.error(self.pos, "invalid escape sequence in a string"));
                        }
                    }
                }
                0..=0x1f => {
                    return Err(self.error(
                        self.pos,
                        "control character in a string (it must be escaped)",
                    ));
                }
                _ => self.pos += 1,
            }
        }
    }

    /// Skips a number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    fn skip_number(&mut self) -> Result<(), ScanError> {
        let start = self.pos;
        let digits = |s: &mut Scanner<'_>| {
            let from = s.pos;
            while s.bytes.get(s.pos).is_some_and(u8::is_ascii_digit) {
                s.pos += 1;
            }
            s.pos - from
        };
        if self.bytes.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        let int_start = self.pos;
        let n_int = digits(self);
        if n_int == 0 || (n_int > 1 && self.bytes[int_start] == b'0') {
            return Err(self.error(start, "invalid number"));
        }
        if self.bytes.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err(self.error(start, "invalid number"));
            }
        }
        if let Some(b'e' | b'E') = self.bytes.get(self.pos) {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.bytes.get(self.pos) {
                self.pos += 1;
            }
            if digits(self) == 0 {
                return Err(self.error(start, "invalid number"));
            }
        }
        Ok(())
    }
}

/// A byte that ends plain string text: `"`, `\\` or a control character.
fn is_special(byte: u8) -> bool {
    byte == b'"' || byte == b'\\' || byte < 0x20
}

/// Whether any byte of `word` [`is_special`] (the classic SWAR zero-byte tests).
fn has_special_byte(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let zero_byte = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let quote = zero_byte(word ^ (ONES * u64::from(b'"')));
    let backslash = zero_byte(word ^ (ONES * u64::from(b'\\')));
    let control = word.wrapping_sub(ONES * 0x20) & !word & HIGHS;
    quote | backslash | control != 0
}

/// How a character is named in a message.
fn describe(c: char) -> String {
    if c.is_control() {
        format!("character U+{:04X}", u32::from(c))
    } else {
        format!("`{c}`")
    }
}

/// Decodes the escapes of a string the scanner has validated. Lone surrogates
/// become U+FFFD, as in Go.
fn unescape(inner: &str) -> String {
    let mut out = String::with_capacity(inner.len());
    let mut rest = inner;
    while let Some(idx) = rest.find('\\') {
        out.push_str(&rest[..idx]);
        let esc = &rest[idx + 1..];
        let mut used = 1;
        match esc.as_bytes().first() {
            Some(b'n') => out.push('\n'),
            Some(b't') => out.push('\t'),
            Some(b'r') => out.push('\r'),
            Some(b'b') => out.push('\u{8}'),
            Some(b'f') => out.push('\u{c}'),
            Some(b'u') => {
                let code = esc.get(1..5).and_then(|h| u32::from_str_radix(h, 16).ok());
                used = 5;
                match code {
                    Some(high @ 0xd800..=0xdbff) => {
                        let low = esc
                            .get(5..7)
                            .filter(|p| *p == "\\u")
                            .and_then(|_| esc.get(7..11))
                            .and_then(|h| u32::from_str_radix(h, 16).ok())
                            .filter(|low| (0xdc00..=0xdfff).contains(low));
                        match low {
                            Some(low) => {
                                let c = 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00);
                                out.push(char::from_u32(c).unwrap_or('\u{fffd}'));
                                used = 11;
                            }
                            None => out.push('\u{fffd}'),
                        }
                    }
                    Some(code) => out.push(char::from_u32(code).unwrap_or('\u{fffd}')),
                    None => out.push('\u{fffd}'),
                }
            }
            Some(&other) => out.push(char::from(other)),
            None => {}
        }
        rest = esc.get(used..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skip(text: &str) -> Result<Range<usize>, ScanError> {
        let mut s = Scanner::new(text);
        let range = s.skip_value()?;
        s.finish()?;
        Ok(range)
    }

    #[test]
    fn skips_valid_json() {
        for text in [
            "0",
            "-1.5e+3",
            "\"a\\u00e9\\n\"",
            "[]",
            "{}",
            "[1, [2, {\"a\": [true, false, null]}]]",
            " { \"k\" : { } , \"l\" : [ ] } ",
        ] {
            assert!(skip(text).is_ok(), "{text}");
        }
    }

    #[test]
    fn rejects_invalid_json() {
        for text in [
            "",
            "[",
            "{\"a\"",
            "{\"a\":}",
            "[1,]",
            "{\"a\":1,}",
            "01",
            "1.",
            "-",
            "tru",
            "\"\\x\"",
            "\"a\nb\"",
            "[1 2]",
            "{1:2}",
            "\"abc",
            "1 2",
        ] {
            assert!(skip(text).is_err(), "{text}");
        }
        let deep = "[".repeat(200) + &"]".repeat(200);
        assert!(skip(&deep).is_err());
    }

    #[test]
    fn decodes_strings() {
        let mut s = Scanner::new(r#""a\"b\\c\u00e9\ud83d\ude00\ud800x""#);
        assert_eq!(s.string().unwrap(), "a\"b\\cé😀\u{fffd}x");
    }

    #[test]
    fn finds_special_bytes_in_words() {
        for i in 0..8 {
            for special in [b'"', b'\\', 0, 0x1f, b'\n'] {
                let mut bytes = *b"abcdefgh";
                bytes[i] = special;
                assert!(has_special_byte(u64::from_le_bytes(bytes)));
            }
        }
        assert!(!has_special_byte(u64::from_le_bytes(*b"a b/\x7f\xc3\xa9!")));
        assert!(!has_special_byte(u64::from_le_bytes([
            0x20, 0x21, 0x5b, 0x5d, 0x7f, 0x80, 0xff, 0xdc
        ])));
    }

    #[test]
    fn reports_truncation() {
        let err = skip("{\"a\": [1, 2").unwrap_err();
        assert_eq!(err.offset, 11);
        assert!(err.message.contains("truncated"), "{}", err.message);
    }
}
