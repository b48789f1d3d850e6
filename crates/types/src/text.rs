//! Unicode text helpers: NFC normalisation and grapheme clusters.

use std::sync::Arc;

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
use unicode_segmentation::UnicodeSegmentation;

/// True when `s` is already in NFC.
pub fn is_nfc(s: &str) -> bool {
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
    s.graphemes(true).count()
}

/// The grapheme clusters of `s`.
pub fn graphemes(s: &str) -> impl DoubleEndedIterator<Item = &str> {
    s.graphemes(true)
}
