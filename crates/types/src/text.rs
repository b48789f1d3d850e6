//! Unicode text helpers: NFC normalisation (Unicode 15.0's, stream-safe, from `nfc.rs`) and
//! grapheme clusters (Unicode 15.0's, from `grapheme.rs`).

use std::sync::Arc;

use unicode_normalization::{IsNormalized, is_nfc_stream_safe_quick};

use crate::grapheme;
use crate::nfc::nfc_as_unicode_15;

/// True when `s` is already in NFC as Go normalises it (Unicode 15.0, no more than 30
/// combining marks in a row).
pub fn is_nfc(s: &str) -> bool {
    // ASCII text is always in NFC, and checking for it is a fast byte scan.
    if s.is_ascii() {
        return true;
    }
    match is_nfc_stream_safe_quick(s.chars()) {
        IsNormalized::Yes => true,
        // The newer data may see a change where Unicode 15.0 sees none.
        IsNormalized::No | IsNormalized::Maybe => nfc_as_unicode_15(s) == s,
    }
}

/// `s` normalised to NFC as Go normalises it (see [`is_nfc`]), shared.
pub fn nfc(s: &str) -> Arc<str> {
    if is_nfc(s) {
        Arc::from(s)
    } else {
        Arc::from(nfc_as_unicode_15(s))
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
