//! Grapheme clusters as Unicode 15.0 draws them, which is what hclwrite counts when it aligns
//! `=` and comments (go-textseg v15): an Indic conjunct such as "क्ष" is two columns there.
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

/// The extended grapheme clusters of `s` under Unicode 15.0's rules.
pub fn graphemes(s: &str) -> impl DoubleEndedIterator<Item = &str> {
    s.graphemes(true).flat_map(split_conjuncts)
}

/// The pieces of one newer cluster: itself, or its parts between the boundaries only
/// GB9c removed.
fn split_conjuncts(cluster: &str) -> Pieces<'_> {
    if !cluster.chars().any(|c| LINKERS.contains(&c)) {
        return Pieces::One(Some(cluster));
    }
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut chars = cluster.char_indices().peekable();
    while let Some((_, before)) = chars.next() {
        if let Some(&(at, after)) = chars.peek()
            && breaks_without_gb9c(before, after)
        {
            pieces.push(&cluster[start..at]);
            start = at;
        }
    }
    pieces.push(&cluster[start..]);
    Pieces::Many(pieces.into_iter())
}

/// Whether the newer rules put a boundary between `before` and `after` when they
/// follow an emoji: true exactly when nothing but GB9c joined them in a cluster.
fn breaks_without_gb9c(before: char, after: char) -> bool {
    const EMOJI: char = '\u{1F600}';
    let mut text = String::with_capacity(12);
    text.push(EMOJI);
    text.push(before);
    let offset = text.len();
    text.push(after);
    text.grapheme_indices(true).any(|(at, _)| at == offset)
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
