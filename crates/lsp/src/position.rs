//! Positions: byte offsets in a text ↔ LSP positions (0-based line, UTF-16 code units).
//!
//! LSP counts a character as UTF-16 does: a character outside the Basic Multilingual Plane
//! (an emoji) is two units, `é` is one. Lines end at `\n`, `\r\n` or a lone `\r`, as the
//! protocol says. A position past the end of a line is clamped to its end; a line past the
//! last is the end of the text. Offsets inside a character round down to its start.

use lsp_types::Position;

/// Where each line of a text starts, for converting positions both ways.
///
/// ```
/// use lsp_types::Position;
/// use terrace_lsp::position::LineIndex;
///
/// let text = "a = \"é😀\"\nb = 1\n";
/// let index = LineIndex::new(text);
/// // `😀` is two UTF-16 units: the `"` after it is at character 7.
/// assert_eq!(index.offset(text, Position::new(0, 7)), text.find("\"\n").unwrap());
/// assert_eq!(index.position(text, text.find('b').unwrap()), Position::new(1, 0));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineIndex {
    /// Byte offset of the start of each line; the first is 0.
    starts: Vec<usize>,
}

impl LineIndex {
    /// The index of `text`.
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => starts.push(i + 1),
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    starts.push(i + 2);
                    i += 1;
                }
                b'\r' => starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        LineIndex { starts }
    }

    /// How many lines the text has (a text ending in a newline has an empty last line).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The byte range of line `line` without its line ending; `None` past the last line.
    pub fn line_range(&self, text: &str, line: usize) -> Option<std::ops::Range<usize>> {
        let start = *self.starts.get(line)?;
        let mut end = self.starts.get(line + 1).copied().unwrap_or(text.len());
        let bytes = text.as_bytes();
        if end > start && line + 1 < self.starts.len() {
            end -= 1;
            if bytes.get(end) == Some(&b'\n') && end > start && bytes[end - 1] == b'\r' {
                end -= 1;
            }
        }
        Some(start..end)
    }

    /// The byte offset of `position` in `text` (clamped to the line's end and the text's end).
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(range) = self.line_range(text, position.line as usize) else {
            return text.len();
        };
        let mut units = 0u32;
        for (i, ch) in text[range.clone()].char_indices() {
            if units >= position.character {
                return range.start + i;
            }
            units += ch.len_utf16() as u32;
        }
        range.end
    }

    /// The line holding byte `offset` (the last line for an offset past the end).
    pub fn line_of(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next.saturating_sub(1),
        }
    }

    /// The LSP position of byte `offset` in `text` (clamped to the text).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let start = self.starts[line];
        let units: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(line as u32, units as u32)
    }

    /// The LSP range of byte range `span` in `text`.
    pub fn range(&self, text: &str, span: std::ops::Range<usize>) -> lsp_types::Range {
        lsp_types::Range::new(
            self.position(text, span.start),
            self.position(text, span.end),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    #[test]
    fn ascii_round_trip() {
        let text = "ab\ncd\n";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 3);
        for offset in 0..=text.len() {
            assert_eq!(index.offset(text, index.position(text, offset)), offset);
        }
        assert_eq!(index.position(text, 3), pos(1, 0));
        assert_eq!(index.offset(text, pos(2, 0)), 6);
    }

    #[test]
    fn utf16_units_not_bytes_or_chars() {
        // é: 2 bytes, 1 unit; 😀: 4 bytes, 2 units; 中: 3 bytes, 1 unit.
        let text = "é😀中x";
        let index = LineIndex::new(text);
        assert_eq!(index.position(text, text.find('x').unwrap()), pos(0, 4));
        assert_eq!(index.offset(text, pos(0, 4)), text.find('x').unwrap());
        assert_eq!(index.offset(text, pos(0, 1)), 2);
        assert_eq!(index.offset(text, pos(0, 3)), text.find('中').unwrap());
    }

    #[test]
    fn inside_a_surrogate_pair_lands_after_the_character() {
        let text = "😀x";
        let index = LineIndex::new(text);
        // Character 1 splits the pair: the offset after the emoji is taken.
        assert_eq!(index.offset(text, pos(0, 1)), 4);
        // A byte offset inside the emoji rounds down to its start.
        assert_eq!(index.position(text, 2), pos(0, 0));
    }

    #[test]
    fn line_endings() {
        let text = "a\r\nb\rc\nd";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 4);
        assert_eq!(index.offset(text, pos(1, 0)), 3);
        assert_eq!(index.offset(text, pos(2, 0)), 5);
        assert_eq!(index.offset(text, pos(3, 0)), 7);
        // Past a line's end: its end, before the line ending.
        assert_eq!(index.offset(text, pos(0, 9)), 1);
        assert_eq!(index.line_range(text, 0), Some(0..1));
        assert_eq!(index.line_range(text, 1), Some(3..4));
        assert_eq!(index.line_range(text, 3), Some(7..8));
    }

    #[test]
    fn past_the_end() {
        let text = "a\n";
        let index = LineIndex::new(text);
        assert_eq!(index.offset(text, pos(7, 3)), 2);
        assert_eq!(index.position(text, 99), pos(1, 0));
        assert_eq!(LineIndex::new("").offset("", pos(0, 5)), 0);
    }
}
