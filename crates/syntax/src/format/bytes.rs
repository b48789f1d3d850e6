//! `terraform fmt` on files that are not all UTF-8, taken as HCL's scanner takes them: any bytes
//! in comments; in quoted strings and heredocs, byte sequences shaped like UTF-8 (a lead byte and
//! its continuation bytes) even where they encode nothing (surrogates, overlong forms, code
//! points above U+10FFFF); nowhere else (Terraform also takes some in identifiers, where its
//! scanner's byte ranges are wider than UTF-8, see `ident_chars.rs`: not emulated). A block
//! label holding such bytes is written with U+FFFD for each of them, as hclwrite does.
//!
//! While formatting, each byte that is not UTF-8 is a placeholder character (U+10FF00 plus the
//! byte, a private-use code point); the result has the bytes back.

use super::{FormatStyle, format_text};
use crate::error::ParseError;
use crate::token::{TokenKind, tokenize};

/// The first placeholder: U+10FF00 stands for the byte 0x00, U+10FFFF for 0xFF.
const PLACEHOLDER_BASE: u32 = 0x10_FF00;

/// Whether `c` stands for a byte that is not UTF-8.
pub(super) fn is_placeholder(c: char) -> bool {
    u32::from(c) >= PLACEHOLDER_BASE
}

/// Format `src`, which may hold bytes that are not UTF-8, as `terraform fmt` does (see
/// [`format_as`](super::format_as) for valid UTF-8, which this is the same as).
///
/// ```
/// use terrace_syntax::{FormatStyle, format_bytes};
///
/// let formatted = format_bytes(b"# Copyright \xa9 2020\na=1\n", FormatStyle::Terraform);
/// assert_eq!(formatted.ok().as_deref(), Some(&b"# Copyright \xa9 2020\na = 1\n"[..]));
/// assert!(format_bytes(b"a = \"\xff\"\n", FormatStyle::Terraform).is_err());
/// ```
pub fn format_bytes(src: &[u8], style: FormatStyle) -> Result<Vec<u8>, Vec<ParseError>> {
    if let Ok(text) = std::str::from_utf8(src) {
        return super::format_as(text, style).map(String::into_bytes);
    }
    let text = with_placeholders(src).ok_or_else(|| crate::parse_body_bytes(src).1)?;
    check_placement(&text)?;
    let formatted = format_text(&text, style, true)?;
    Ok(restore(&formatted))
}

/// The bytes `text` stands for: placeholders back to their bytes.
fn restore(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if is_placeholder(c) {
            // A placeholder is PLACEHOLDER_BASE plus a byte: the difference fits in a byte.
            out.push((u32::from(c) - PLACEHOLDER_BASE) as u8);
        } else {
            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        }
    }
    out
}

/// `src` as text, each byte that is not UTF-8 replaced by its placeholder; `None` when the
/// text already holds a placeholder character (it could not be told apart).
fn with_placeholders(src: &[u8]) -> Option<String> {
    let mut text = String::with_capacity(src.len() + src.len() / 4);
    for chunk in src.utf8_chunks() {
        if chunk.valid().chars().any(is_placeholder) {
            return None;
        }
        text.push_str(chunk.valid());
        for &byte in chunk.invalid() {
            text.push(char::from_u32(PLACEHOLDER_BASE + u32::from(byte))?);
        }
    }
    Some(text)
}

/// An error where a byte that is not UTF-8 lies outside a comment, or inside a string or
/// heredoc without the shape of UTF-8.
fn check_placement(text: &str) -> Result<(), Vec<ParseError>> {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    for token in tokenize(&text[bom..]) {
        let range = token.span.start as usize + bom..token.span.end as usize + bom;
        let token_text = &text[range.clone()];
        let Some(first) = token_text.find(is_placeholder) else {
            continue;
        };
        let allowed = match token.kind {
            TokenKind::Comment => true,
            TokenKind::QuotedLit | TokenKind::StringLit => utf8_shaped(token_text),
            _ => false,
        };
        if !allowed {
            let at = range.start + first;
            // Offsets in `src`: each placeholder before `at` is four bytes for one.
            let n_placeholders = text[..at].chars().filter(|c| is_placeholder(*c)).count();
            let at_in_src = at - 3 * n_placeholders;
            return Err(vec![crate::invalid_encoding(at_in_src, 1)]);
        }
    }
    Ok(())
}

/// `text` with each UTF-8-shaped run of placeholders (and each other placeholder) as one
/// U+FFFD: how many columns hclwrite counts for those bytes (Go reads a lead byte and its
/// continuation bytes as one character).
pub(super) fn columns_text(text: &str) -> String {
    let bytes_of = |c: char| u32::from(c) - PLACEHOLDER_BASE;
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        if !is_placeholder(c) {
            out.push(c);
            at += 1;
            continue;
        }
        let n_continuations = match bytes_of(c) {
            0xC0..=0xDF => 1,
            0xE0..=0xEF => 2,
            0xF0..=0xF7 => 3,
            _ => 0,
        };
        let shaped = chars
            .get(at + 1..at + 1 + n_continuations)
            .is_some_and(|rest| {
                rest.iter()
                    .all(|&c| is_placeholder(c) && (0x80..=0xBF).contains(&bytes_of(c)))
            });
        out.push('\u{fffd}');
        at += if shaped { 1 + n_continuations } else { 1 };
    }
    out
}

/// Whether the bytes `text` stands for are a run of UTF-8-shaped sequences: a lead byte
/// followed by as many continuation bytes as it announces, whatever they encode.
fn utf8_shaped(text: &str) -> bool {
    let bytes = restore(text);
    let mut at = 0;
    while at < bytes.len() {
        let n_continuations = match bytes[at] {
            0x00..=0x7F => 0,
            0xC0..=0xDF => 1,
            0xE0..=0xEF => 2,
            0xF0..=0xF7 => 3,
            _ => return false,
        };
        let Some(continuations) = bytes.get(at + 1..at + 1 + n_continuations) else {
            return false;
        };
        if !continuations
            .iter()
            .all(|byte| (0x80..=0xBF).contains(byte))
        {
            return false;
        }
        at += 1 + n_continuations;
    }
    true
}
