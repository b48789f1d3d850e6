//! Unicode text helpers: NFC normalisation and grapheme clusters (Unicode 15.0's,
//! from `grapheme.rs`).

use std::sync::Arc;

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

use crate::grapheme;

/// True when `s` is already in NFC.
pub fn is_nfc(s: &str) -> bool {
    // ASCII text is always in NFC, and checking for it is a fast byte scan.
    if s.is_ascii() {
        return true;
    }
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => true,
        IsNormalized::No => false,
        IsNormalized::Maybe => s.nfc().eq(s.chars()),
    }
}

/// `s` normalised to NFC, shared.
pub fn nfc(s: &str) -> Arc<str> {
    if is_nfc(s) {
        Arc::from(s)
    } else {
        Arc::from(s.nfc().collect::<String>())
    }
}

/// The number of extended grapheme clusters in `s` (what `length` counts).
pub fn grapheme_len(s: &str) -> usize {
    grapheme::graphemes(s).count()
}

/// The grapheme clusters of `s`.
pub fn graphemes(s: &str) -> impl DoubleEndedIterator<Item = &str> {
    grapheme::graphemes(s)
}

/// The grapheme clusters of `s` from index `start` (inclusive) to `end` (exclusive),
/// clamped to the string, as one string (what `substr` returns). Empty when `start`
/// is past the end or `end <= start`.
pub fn grapheme_slice(s: &str, start: usize, end: usize) -> String {
    if end <= start {
        return String::new();
    }
    grapheme::graphemes(s)
        .skip(start)
        .take(end - start)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graphemes_count_user_perceived_characters() {
        assert_eq!(grapheme_len("e\u{301}"), 1);
        assert_eq!(grapheme_len("🇫🇷ab"), 3);
        assert_eq!(grapheme_slice("héllo", 1, 3), "él");
        assert_eq!(grapheme_slice("abc", 2, 10), "c");
        assert_eq!(grapheme_slice("abc", 5, 10), "");
        assert_eq!(&*nfc("e\u{301}"), "é");
        assert!(is_nfc("é"));
        assert!(!is_nfc("e\u{301}"));
    }
}
