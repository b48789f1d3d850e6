//! Grapheme clusters as Unicode 15.0 draws them, which is what hclwrite counts when it aligns
//! `=` and comments (go-textseg v15): an Indic conjunct such as "क्ष" is two columns there,
//! and so is "a" with a combining mark Unicode 15.0 did not have yet.
//!
//! The code is a copy of `terrace-types`' `grapheme.rs` (this crate depends on no terrace
//! crate), which explains the method; a test checks that the two stay the same.

use unicode_segmentation::UnicodeSegmentation;

/// The `Indic_Conjunct_Break=Linker` characters (Unicode 17, unicode-segmentation
/// 1.13): GB9c joins nothing in a cluster without one of them.
const LINKERS: [char; 20] = [
    '\u{94D}',
    '\u{9CD}',
    '\u{ACD}',
    '\u{B4D}',
    '\u{C4D}',
    '\u{D4D}',
    '\u{1039}',
    '\u{17D2}',
    '\u{1A60}',
    '\u{1B44}',
    '\u{1BAB}',
    '\u{A9C0}',
    '\u{AAF6}',
    '\u{10A3F}',
    '\u{11133}',
    '\u{113D0}',
    '\u{1193E}',
    '\u{11A47}',
    '\u{11A99}',
    '\u{11F42}',
];

/// The characters assigned since Unicode 15.0 that the newer rules join to a neighbour
/// (`Extend`, `SpacingMark` or `Prepend` there, such as U+1AE4 or U+11B67): unassigned in
/// Unicode 15.0, they were `Other`, which joins only a following `Extend`, `ZWJ` or
/// `SpacingMark` (and follows a `Prepend`). Every other character breaks alike under both.
const NEWER: [(char, char); 19] = [
    ('\u{897}', '\u{897}'),
    ('\u{1ACF}', '\u{1ADD}'),
    ('\u{1AE0}', '\u{1AEB}'),
    ('\u{10D69}', '\u{10D6D}'),
    ('\u{10EFA}', '\u{10EFC}'),
    ('\u{113B8}', '\u{113C0}'),
    ('\u{113C2}', '\u{113C2}'),
    ('\u{113C5}', '\u{113C5}'),
    ('\u{113C7}', '\u{113CA}'),
    ('\u{113CC}', '\u{113D2}'),
    ('\u{113E1}', '\u{113E2}'),
    ('\u{11B60}', '\u{11B67}'),
    ('\u{11F5A}', '\u{11F5A}'),
    ('\u{1611E}', '\u{1612F}'),
    ('\u{1E5EE}', '\u{1E5EF}'),
    ('\u{1E6E3}', '\u{1E6E3}'),
    ('\u{1E6E6}', '\u{1E6E6}'),
    ('\u{1E6EE}', '\u{1E6EF}'),
    ('\u{1E6F5}', '\u{1E6F5}'),
];

/// The stand-in for a [`NEWER`] character: unassigned in every version so far (`Other`).
const UNASSIGNED: char = '\u{378}';

/// The extended grapheme clusters of `s` under Unicode 15.0's rules.
pub fn graphemes(s: &str) -> impl DoubleEndedIterator<Item = &str> {
    s.graphemes(true).flat_map(split_conjuncts)
}

/// The pieces of one newer cluster: itself, or its parts between the boundaries only
/// GB9c, or a character Unicode 15.0 did not have, removed.
fn split_conjuncts(cluster: &str) -> Pieces<'_> {
    if !cluster.chars().any(|c| LINKERS.contains(&c) || is_newer(c)) {
        return Pieces::One(Some(cluster));
    }
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut chars = cluster.char_indices().peekable();
    while let Some((_, before)) = chars.next() {
        if let Some(&(at, after)) = chars.peek()
            && breaks_in_unicode_15(before, after)
        {
            pieces.push(&cluster[start..at]);
            start = at;
        }
    }
    pieces.push(&cluster[start..]);
    Pieces::Many(pieces.into_iter())
}

/// Whether Unicode 15.0 puts a boundary between `before` and `after`: whether the newer
/// rules do when they follow an emoji (true exactly when nothing but GB9c joined them in a
/// cluster), with a [`NEWER`] character taken as the unassigned one it was.
fn breaks_in_unicode_15(before: char, after: char) -> bool {
    const EMOJI: char = '\u{1F600}';
    let as_in_15 = |c: char| if is_newer(c) { UNASSIGNED } else { c };
    let mut text = String::with_capacity(12);
    text.push(EMOJI);
    text.push(as_in_15(before));
    let offset = text.len();
    text.push(as_in_15(after));
    text.grapheme_indices(true).any(|(at, _)| at == offset)
}

/// Whether `c` is one of the [`NEWER`] characters.
fn is_newer(c: char) -> bool {
    NEWER.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// One cluster or several, iterable from both ends without allocating in the common case.
enum Pieces<'a> {
    One(Option<&'a str>),
    Many(std::vec::IntoIter<&'a str>),
}

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        match self {
            Pieces::One(piece) => piece.take(),
            Pieces::Many(pieces) => pieces.next(),
        }
    }
}

impl DoubleEndedIterator for Pieces<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        match self {
            Pieces::One(piece) => piece.take(),
            Pieces::Many(pieces) => pieces.next_back(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_is_the_one_terrace_types_has() {
        let types = include_str!("../../types/src/grapheme.rs");
        let ours = include_str!("grapheme.rs");
        let code = |text: &'static str| {
            let start = text.find("use unicode_segmentation").unwrap_or(0);
            let end = text.find("#[cfg(test)]").unwrap_or(text.len());
            &text[start..end]
        };
        assert_eq!(code(types), code(ours));
    }

    fn clusters(s: &str) -> Vec<&str> {
        graphemes(s).collect()
    }

    #[test]
    fn conjuncts_split_after_the_virama() {
        assert_eq!(clusters("क्ष"), ["क्", "ष"]);
        assert_eq!(
            clusters("\u{915}\u{94D}\u{200D}\u{937}"),
            ["\u{915}\u{94D}\u{200D}", "\u{937}"]
        );
        assert_eq!(clusters("हिन्दी"), ["हि", "न्", "दी"]);
        assert_eq!(
            clusters("xक्षy").into_iter().rev().collect::<String>(),
            "yषक्x"
        );
    }

    #[test]
    fn other_clusters_are_unchanged() {
        assert_eq!(clusters("👨‍👩‍👧‍👦"), ["👨‍👩‍👧‍👦"]);
        assert_eq!(clusters("🇺🇸🇫🇷"), ["🇺🇸", "🇫🇷"]);
        assert_eq!(clusters("a\r\nb"), ["a", "\r\n", "b"]);
        assert_eq!(
            clusters("\u{1100}\u{1161}\u{11A8}e\u{301}"),
            ["\u{1100}\u{1161}\u{11A8}", "e\u{301}"]
        );
        assert_eq!(clusters("\u{94D}\u{94D}"), ["\u{94D}\u{94D}"]);
    }
}
