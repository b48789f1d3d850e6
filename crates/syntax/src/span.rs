//! Byte spans into source text and the line index that turns them into lines and columns.

use std::fmt;
use std::ops::Range;

/// A half-open range of byte offsets `start..end` into one source text.
///
/// Every AST node and every diagnostic carries one. Offsets are `u32`, so a
/// source text is limited to 4 GiB (the parser reports an error beyond that).
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from two byte offsets; `end` is clamped to be at least `start`.
    pub fn new(start: usize, end: usize) -> Self {
        let start = clamp_offset(start);
        let end = clamp_offset(end).max(start);
        Span { start, end }
    }

    /// An empty span at `offset`, as used for errors at the end of input.
    pub fn empty(offset: usize) -> Self {
        Span::new(offset, offset)
    }

    /// The byte range, for slicing the source text.
    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// Number of bytes covered.
    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    /// Whether the span covers no byte.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// Whether `offset` lies inside the span (`start <= offset < end`).
    pub fn contains(self, offset: usize) -> bool {
        (self.start as usize) <= offset && offset < self.end as usize
    }

    /// The source text the span covers, or `""` when it does not fit `src`.
    pub fn text(self, src: &str) -> &str {
        src.get(self.range()).unwrap_or("")
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Range<usize>> for Span {
    fn from(range: Range<usize>) -> Self {
        Span::new(range.start, range.end)
    }
}

fn clamp_offset(offset: usize) -> u32 {
    u32::try_from(offset).unwrap_or(u32::MAX)
}

/// A 1-based line and column; the column counts characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location {
    /// Line number, starting at 1.
    pub line: u32,
    /// Column number in characters (Unicode scalar values), starting at 1.
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A line index over one source text: turns byte offsets into [`Location`]s.
///
/// Lines end at `\n`; a `\r` before it belongs to the line ending, so CRLF
/// files get the same line numbers as LF files.
#[derive(Clone, Debug)]
pub struct SourceMap<'src> {
    src: &'src str,
    line_starts: Vec<u32>,
}

impl<'src> SourceMap<'src> {
    /// Index the lines of `src`.
    pub fn new(src: &'src str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(
            src.bytes()
                .enumerate()
                .filter(|&(_, byte)| byte == b'\n')
                .map(|(idx, _)| clamp_offset(idx + 1)),
        );
        SourceMap { src, line_starts }
    }

    /// The indexed source text.
    pub fn source(&self) -> &'src str {
        self.src
    }

    /// Number of lines (a text ending in a newline has an empty last line).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The line and column of a byte offset; offsets past the end map to the end,
    /// offsets inside a multi-byte character map to that character.
    pub fn location(&self, offset: usize) -> Location {
        let offset = offset.min(self.src.len());
        let line_idx = match self.line_starts.binary_search(&clamp_offset(offset)) {
            Ok(idx) => idx,
            Err(idx) => idx - 1,
        };
        let line_start = self.line_starts[line_idx] as usize;
        let mut column = 1;
        for (idx, _) in self.src[line_start..].char_indices() {
            if line_start + idx >= offset {
                break;
            }
            column += 1;
        }
        // A character straddling `offset` was counted once too often.
        if !self.src.is_char_boundary(offset) {
            column -= 1;
        }
        Location {
            line: clamp_offset(line_idx + 1),
            column,
        }
    }

    /// The locations of both ends of a span.
    pub fn span_locations(&self, span: Span) -> (Location, Location) {
        (
            self.location(span.start as usize),
            self.location(span.end as usize),
        )
    }

    /// The byte range of line `line` (1-based), without its line ending.
    pub fn line_range(&self, line: usize) -> Option<Range<usize>> {
        let start = *self.line_starts.get(line.checked_sub(1)?)? as usize;
        let mut end = self
            .line_starts
            .get(line)
            .map_or(self.src.len(), |&next| next as usize);
        let bytes = self.src.as_bytes();
        if end > start && bytes[end - 1] == b'\n' {
            end -= 1;
        }
        if end > start && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        Some(start..end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_count_lines_and_chars() {
        let map = SourceMap::new("ab\r\nçd\nx");
        assert_eq!(map.location(0), Location { line: 1, column: 1 });
        assert_eq!(map.location(2), Location { line: 1, column: 3 });
        assert_eq!(map.location(4), Location { line: 2, column: 1 });
        // `ç` is two bytes; `d` is the second character.
        assert_eq!(map.location(6), Location { line: 2, column: 2 });
        assert_eq!(map.location(8), Location { line: 3, column: 1 });
        assert_eq!(map.location(100), Location { line: 3, column: 2 });
        assert_eq!(map.line_range(1), Some(0..2));
        assert_eq!(map.line_range(2), Some(4..7));
        assert_eq!(map.line_range(4), None);
    }

    #[test]
    fn span_join_and_clamp() {
        assert_eq!(Span::new(3, 1), Span::new(3, 3));
        assert_eq!(Span::new(1, 2).to(Span::new(5, 6)), Span::new(1, 6));
        assert_eq!(Span::new(1, 3).text("abcd"), "bc");
    }
}
