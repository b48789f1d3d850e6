//! Unicode normalisation form C as HCL applies it to block labels: Go's
//! `golang.org/x/text/unicode/norm`, with Unicode 15.0's data. The code is a copy of
//! `terrace-types`' `nfc.rs` (this crate depends on no terrace crate); a test keeps them equal.
//!
//! unicode-normalization knows a newer Unicode, whose new characters decompose, compose
//! (U+105D2 then U+0307 make U+105C9 since Unicode 16.0) or are combining marks that sort
//! among the marks around them. Unicode 15.0 knew none of them: each was an unassigned code
//! point, a starter that neither decomposes nor composes, across which nothing is reordered.
//! So the text is normalised in runs between such characters, which stay as they are.

use unicode_normalization::UnicodeNormalization;

/// The characters assigned since Unicode 15.0 that the newer data gives a combining class,
/// a decomposition or a part in one (generated from unicode-normalization 0.1.26, less what
/// Go's Unicode 15.0 tables already have).
const NEWER: [(char, char); 34] = [
    ('\u{5C8}', '\u{5C9}'),
    ('\u{897}', '\u{897}'),
    ('\u{1ACF}', '\u{1AF0}'),
    ('\u{105C9}', '\u{105C9}'),
    ('\u{105D2}', '\u{105D2}'),
    ('\u{105DA}', '\u{105DA}'),
    ('\u{105E4}', '\u{105E4}'),
    ('\u{10D69}', '\u{10D6D}'),
    ('\u{10ECB}', '\u{10ECF}'),
    ('\u{10EF0}', '\u{10EFB}'),
    ('\u{11382}', '\u{11385}'),
    ('\u{1138B}', '\u{1138B}'),
    ('\u{1138E}', '\u{1138E}'),
    ('\u{11390}', '\u{11391}'),
    ('\u{113B8}', '\u{113B8}'),
    ('\u{113BB}', '\u{113BB}'),
    ('\u{113C2}', '\u{113C2}'),
    ('\u{113C5}', '\u{113C5}'),
    ('\u{113C7}', '\u{113C9}'),
    ('\u{113CE}', '\u{113D0}'),
    ('\u{1611E}', '\u{16129}'),
    ('\u{1612F}', '\u{1612F}'),
    ('\u{16D63}', '\u{16D63}'),
    ('\u{16D67}', '\u{16D6A}'),
    ('\u{1D127}', '\u{1D128}'),
    ('\u{1D250}', '\u{1D252}'),
    ('\u{1D25B}', '\u{1D25C}'),
    ('\u{1D25F}', '\u{1D25F}'),
    ('\u{1D280}', '\u{1D281}'),
    ('\u{1E5EE}', '\u{1E5EF}'),
    ('\u{1E6E3}', '\u{1E6E3}'),
    ('\u{1E6E6}', '\u{1E6E6}'),
    ('\u{1E6EE}', '\u{1E6EF}'),
    ('\u{1E6F5}', '\u{1E6F5}'),
];

/// `value` in normalisation form C as Unicode 15.0 draws it (with the stream-safe format's
/// U+034F after every 30 combining marks in a row, as Go's normaliser inserts).
pub fn nfc_as_unicode_15(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut start = 0;
    for (at, c) in value.char_indices() {
        if is_newer(c) {
            out.extend(value[start..at].stream_safe().nfc());
            out.push(c);
            start = at + c.len_utf8();
        }
    }
    out.extend(value[start..].stream_safe().nfc());
    out
}

fn is_newer(c: char) -> bool {
    NEWER.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

#[cfg(test)]
mod tests {
    use super::nfc_as_unicode_15;

    #[test]
    fn the_code_is_the_one_terrace_types_has() {
        let types = include_str!("../../../types/src/nfc.rs");
        let ours = include_str!("nfc.rs");
        let code = |text: &'static str| {
            let start = text.find("use unicode_normalization").unwrap_or(0);
            let end = text.find("#[cfg(test)]").unwrap_or(text.len());
            &text[start..end]
        };
        assert_eq!(code(types), code(ours));
    }

    #[test]
    fn newer_characters_stay_as_they_are() {
        assert_eq!(nfc_as_unicode_15("e\u{301}"), "\u{e9}");
        assert_eq!(nfc_as_unicode_15("\u{105D2}\u{307}"), "\u{105D2}\u{307}");
        assert_eq!(nfc_as_unicode_15("\u{105C9}"), "\u{105C9}");
        assert_eq!(
            nfc_as_unicode_15("e\u{301}\u{16D67}\u{16D67}e\u{301}"),
            "\u{e9}\u{16D67}\u{16D67}\u{e9}"
        );
    }
}
