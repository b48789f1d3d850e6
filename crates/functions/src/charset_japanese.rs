//! The Japanese encodings as Go's x/text writes and reads them: Shift_JIS, EUC-JP and
//! ISO-2022-JP.
//!
//! Go builds one reverse table for all three: a character's code is its first position
//! in the WHATWG JIS X 0208 index, else its first in JIS X 0212 (WHATWG's own encoders
//! skip the NEC-selected IBM rows for Shift_JIS, and never encode JIS X 0212). That
//! table is rebuilt here from encoding_rs's decoders, on first use. Shift_JIS encodes
//! only JIS X 0208 and the half-width katakana; EUC-JP encodes both tables; ISO-2022-JP
//! switches between ASCII, JIS X 0201 katakana (`ESC ( I`) and JIS X 0208 (`ESC $ B`).
//! Decoding Shift_JIS and EUC-JP is encoding_rs's, without the user-defined area that
//! WHATWG's Shift_JIS decodes to private-use characters; ISO-2022-JP is decoded as Go
//! does, byte arithmetic included.

use std::collections::HashMap;
use std::sync::OnceLock;

/// Pointers (row × 94 + cell) in the JIS X 0208 index of Shift_JIS's reach.
const JIS0208_POINTERS: u16 = 188 * 60;
/// The user-defined rows, which WHATWG decodes to private use and Go's table leaves empty.
const USER_DEFINED: std::ops::Range<u16> = 8836..10716;
/// Pointers in the JIS X 0212 index.
const JIS0212_POINTERS: u16 = 94 * 94;

/// A character's code in Go's reverse table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum JisCode {
    Jis0208 { row: u8, cell: u8 },
    Jis0212 { row: u8, cell: u8 },
}

/// The character at `pointer` in the JIS X 0208 index, as Go's `jis0208Decode` has it.
fn jis0208(pointer: u16) -> Option<char> {
    if pointer >= JIS0208_POINTERS || USER_DEFINED.contains(&pointer) {
        return None;
    }
    let lead = pointer / 188;
    let trail = pointer % 188;
    let lead = if lead < 0x1f {
        lead + 0x81
    } else {
        lead + 0xc1
    };
    let trail = if trail < 0x3f {
        trail + 0x40
    } else {
        trail + 0x41
    };
    single_char(encoding_rs::SHIFT_JIS, &[lead as u8, trail as u8])
}

/// The character at `pointer` in the JIS X 0212 index, as Go's `jis0212Decode` has it.
fn jis0212(pointer: u16) -> Option<char> {
    if pointer >= JIS0212_POINTERS {
        return None;
    }
    let row = (pointer / 94) as u8;
    let cell = (pointer % 94) as u8;
    single_char(encoding_rs::EUC_JP, &[0x8f, 0xa1 + row, 0xa1 + cell])
}

fn single_char(encoding: &'static encoding_rs::Encoding, bytes: &[u8]) -> Option<char> {
    let text = encoding.decode_without_bom_handling_and_without_replacement(bytes)?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// Go's reverse table: first JIS X 0208 position, else first JIS X 0212 position.
fn reverse_table() -> &'static HashMap<char, JisCode> {
    static TABLE: OnceLock<HashMap<char, JisCode>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = HashMap::with_capacity(13_000);
        for pointer in 0..JIS0208_POINTERS {
            if let Some(c) = jis0208(pointer) {
                table.entry(c).or_insert(JisCode::Jis0208 {
                    row: (pointer / 94) as u8,
                    cell: (pointer % 94) as u8,
                });
            }
        }
        for pointer in 0..JIS0212_POINTERS {
            if let Some(c) = jis0212(pointer) {
                table.entry(c).or_insert(JisCode::Jis0212 {
                    row: (pointer / 94) as u8,
                    cell: (pointer % 94) as u8,
                });
            }
        }
        table
    })
}

fn is_halfwidth_katakana(c: char) -> bool {
    ('\u{ff61}'..'\u{ffa0}').contains(&c)
}

/// `text` in Shift_JIS, or `None` at a character Go's encoder refuses.
pub(super) fn encode_shift_jis(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c as u8);
        } else if is_halfwidth_katakana(c) {
            out.push((u32::from(c) - (0xff61 - 0xa1)) as u8);
        } else if let Some(JisCode::Jis0208 { row, cell }) = reverse_table().get(&c).copied() {
            out.push(if row <= 61 {
                129 + row / 2
            } else {
                193 + row / 2
            });
            out.push(if row % 2 == 0 {
                cell + cell / 63 + 64
            } else {
                cell + 159
            });
        } else {
            return None;
        }
    }
    Some(out)
}

/// `text` in EUC-JP, or `None` at a character Go's encoder refuses.
pub(super) fn encode_euc_jp(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c as u8);
        } else if is_halfwidth_katakana(c) {
            out.extend([0x8e, (u32::from(c) - (0xff61 - 0xa1)) as u8]);
        } else {
            match reverse_table().get(&c).copied()? {
                JisCode::Jis0208 { row, cell } => {
                    out.extend([0xa1u8.wrapping_add(row), 0xa1u8.wrapping_add(cell)]);
                }
                JisCode::Jis0212 { row, cell } => {
                    out.extend([0x8f, 0xa1 + row, 0xa1 + cell]);
                }
            }
        }
    }
    Some(out)
}

/// The character sets ISO-2022-JP switches between.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Ascii,
    Katakana,
    Jis0208,
    Jis0212,
}

const ESC: u8 = 0x1b;

/// `text` in ISO-2022-JP, or `None` at a character Go's encoder refuses.
pub(super) fn encode_iso_2022_jp(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let mut state = State::Ascii;
    let mut switch = |out: &mut Vec<u8>, to: State, escape: [u8; 3]| {
        if state != to {
            state = to;
            out.extend(escape);
        }
    };
    for c in text.chars() {
        if c.is_ascii() {
            switch(&mut out, State::Ascii, [ESC, b'(', b'B']);
            out.push(c as u8);
        } else if is_halfwidth_katakana(c) {
            switch(&mut out, State::Katakana, [ESC, b'(', b'I']);
            out.push((u32::from(c) - (0xff61 - 0x21)) as u8);
        } else if let Some(JisCode::Jis0208 { row, cell }) = reverse_table().get(&c).copied() {
            switch(&mut out, State::Jis0208, [ESC, b'$', b'B']);
            out.extend([0x21 + (row & 0x7f), 0x21 + (cell & 0x7f)]);
        } else {
            return None;
        }
    }
    switch(&mut out, State::Ascii, [ESC, b'(', b'B']);
    Some(out)
}

/// `bytes` as Go's ISO-2022-JP decoder reads them, or `None` where it gives U+FFFD.
pub(super) fn decode_iso_2022_jp(bytes: &[u8]) -> Option<String> {
    let mut out = String::with_capacity(bytes.len());
    let mut state = State::Ascii;
    let mut at = 0;
    while at < bytes.len() {
        let c0 = bytes[at];
        if c0 >= 0x80 {
            return None;
        }
        if c0 == ESC {
            let (&c1, &c2) = (bytes.get(at + 1)?, bytes.get(at + 2)?);
            state = match (c1, c2) {
                (b'$', b'@' | b'B') => State::Jis0208,
                (b'$', b'(') => {
                    if bytes.get(at + 3)? != &b'D' {
                        return None;
                    }
                    at += 1;
                    State::Jis0212
                }
                (b'(', b'B' | b'J') => State::Ascii,
                (b'(', b'I') => State::Katakana,
                _ => return None,
            };
            at += 3;
            continue;
        }
        match state {
            State::Ascii => {
                out.push(char::from(c0));
                at += 1;
            }
            State::Katakana => {
                if !(0x21..0x60).contains(&c0) {
                    return None;
                }
                out.push(char::from_u32(u32::from(c0) + (0xff61 - 0x21))?);
                at += 1;
            }
            State::Jis0208 | State::Jis0212 => {
                if c0 == b'\n' {
                    state = State::Ascii;
                    out.push('\n');
                    at += 1;
                    continue;
                }
                let c1 = *bytes.get(at + 1)?;
                // Go computes the index in bytes: below 0x21, a value wraps around.
                let pointer =
                    usize::from(c0.wrapping_sub(0x21)) * 94 + usize::from(c1.wrapping_sub(0x21));
                let pointer = u16::try_from(pointer).ok()?;
                let c = if state == State::Jis0208 {
                    jis0208(pointer)?
                } else {
                    jis0212(pointer)?
                };
                out.push(c);
                at += 2;
            }
        }
    }
    Some(out)
}

/// `bytes` as Go's Shift_JIS decoder reads them, or `None` where it gives U+FFFD.
pub(super) fn decode_shift_jis(bytes: &[u8]) -> Option<String> {
    let text = encoding_rs::SHIFT_JIS.decode_without_bom_handling_and_without_replacement(bytes)?;
    // WHATWG decodes lead bytes F0 to F9 to the private use area; Go does not.
    if text.chars().any(|c| ('\u{e000}'..='\u{e757}').contains(&c)) {
        return None;
    }
    Some(text.into_owned())
}

/// `bytes` as Go's EUC-JP decoder reads them, or `None` where it gives U+FFFD.
pub(super) fn decode_euc_jp(bytes: &[u8]) -> Option<String> {
    encoding_rs::EUC_JP
        .decode_without_bom_handling_and_without_replacement(bytes)
        .map(|text| text.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nec_selected_rows_come_first() {
        // Go encodes U+2170 (small roman numeral one) from row 89, not the IBM row 115.
        assert_eq!(encode_shift_jis("ⅰ"), Some(vec![0xee, 0xef]));
        assert_eq!(encode_shift_jis("あ"), Some(vec![0x82, 0xa0]));
        assert_eq!(encode_shift_jis("¥"), None);
    }

    #[test]
    fn euc_jp_falls_back_to_jis0212() {
        assert_eq!(encode_euc_jp("¡"), Some(vec![0x8f, 0xa2, 0xc2]));
        assert_eq!(decode_euc_jp(&[0x8f, 0xa2, 0xc2]).as_deref(), Some("¡"));
    }

    #[test]
    fn iso_2022_jp_states() {
        assert_eq!(
            encode_iso_2022_jp("aあｱ"),
            Some(b"a\x1b$B$\"\x1b(I1\x1b(B".to_vec())
        );
        assert_eq!(
            decode_iso_2022_jp(b"a\x1b$B$\"\x1b(I1\x1b(B").as_deref(),
            Some("aあｱ")
        );
        assert_eq!(decode_iso_2022_jp(b"\x1b$B$"), None);
    }
}
