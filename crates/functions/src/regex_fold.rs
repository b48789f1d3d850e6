//! Case-insensitive matching (`(?i)`) as Go's Unicode 15.0 case folding draws it.
//!
//! The regex crate folds with newer data (Unicode 16.0), which gave case partners to a few
//! characters: letters added since (Garay, U+1C89, U+A7CB…) and some older ones (`ɤ`, `ƛ`,
//! and the ligatures `ﬅ`/`ﬆ`, which fold together since 16.0). For Go each of these
//! characters matches only itself. Everything else folds alike, so a pattern keeps the
//! regex crate's folding outside these characters and matches them without folding.

/// The characters whose case-folding orbit differs between Unicode 15.0 (Go) and the regex
/// crate's tables, whole orbits, as inclusive ranges. Each is its own orbit for Go.
const FOLD_CHANGED: &[(char, char)] = &[
    ('\u{19B}', '\u{19B}'),
    ('\u{264}', '\u{264}'),
    ('\u{1C89}', '\u{1C8A}'),
    ('\u{A7CB}', '\u{A7CD}'),
    ('\u{A7DA}', '\u{A7DC}'),
    ('\u{FB05}', '\u{FB06}'),
    ('\u{10D50}', '\u{10D65}'),
    ('\u{10D70}', '\u{10D85}'),
];

/// Whether `c` folds differently for Go: it must then match only itself.
pub(super) fn fold_changed(c: char) -> bool {
    FOLD_CHANGED.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// The class `FOLD_CHANGED` in the regex crate's syntax.
fn changed_class() -> String {
    let mut out = String::from("[");
    for &(lo, hi) in FOLD_CHANGED {
        out.push_str(&format!("\\x{{{:X}}}-\\x{{{:X}}}", lo as u32, hi as u32));
    }
    out.push(']');
    out
}

/// A class (`[…]` or `\p{…}` in the regex crate's syntax) that matches, under `(?i)`, what
/// Go's would: folded as the regex crate folds outside the changed characters, unfolded on
/// them. Without `(?i)` it matches what `class` matches.
pub(super) fn class_as_in_go(class: &str) -> String {
    let changed = changed_class();
    format!("(?:[{class}--{changed}]|(?-i:[{class}&&{changed}]))")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_characters() {
        for c in [
            'ɤ',
            'ƛ',
            '\u{A7CB}',
            '\u{A7DC}',
            'ﬅ',
            'ﬆ',
            '\u{10D50}',
            '\u{10D85}',
        ] {
            assert!(fold_changed(c), "{c}");
        }
        for c in ['a', 'K', 'ſ', 'ß', '\u{A7CA}', '\u{A7D0}', 'ﬀ', '\u{10D66}'] {
            assert!(!fold_changed(c), "{c}");
        }
    }

    #[test]
    fn wrapped_classes_match_as_before_without_folding() {
        let class = class_as_in_go("[a-z\\x{264}]");
        let re = regex::Regex::new(&class).expect("valid");
        assert!(re.is_match("ɤ") && re.is_match("q") && !re.is_match("\u{A7CB}"));
        let folded = regex::Regex::new(&format!("(?i){class}")).expect("valid");
        assert!(folded.is_match("Q") && folded.is_match("ɤ") && !folded.is_match("\u{A7CB}"));
    }

    #[test]
    fn ranges_are_ordered() {
        assert!(FOLD_CHANGED.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(FOLD_CHANGED.iter().all(|&(lo, hi)| lo <= hi));
    }
}
