//! Range formatting: of what `terrace fmt` changes in the whole document, the changes on the
//! lines a range covers.
//!
//! Terraform's formatter (hclwrite's `Format`, which `terraform fmt` runs) only formats a
//! whole file, and terraform-ls answers only whole-document formatting. So the rule here is:
//! the document is formatted as `terrace fmt` formats it, the result is compared with the text
//! line by line (lines paired by their text without white space), and each changed line that
//! the range touches (even in part) is replaced by its formatted line. A line keeps its `terrace fmt` form whatever the range around it (an
//! argument's `=` is aligned with its neighbours even when they are outside the range). A
//! change that adds or removes lines is kept only when all the lines it replaces are in the
//! range. Formatting the whole document's range gives exactly `terrace fmt`'s text; a file
//! that does not parse is left as it is.

use lsp_types::{Range, TextEdit};
use similar::DiffTag;
use similar::algorithms::{Capture, Replace, myers};

use crate::formatting::formatted;
use crate::position::LineIndex;

/// The edits formatting the lines of `text` that `range` covers.
///
/// ```
/// use lsp_types::{Position, Range};
/// use terrace_lsp::position::LineIndex;
/// use terrace_lsp::range_format::range_edits;
///
/// let text = "a=1\nlocals {\nbb=2\n}\n";
/// // Only the third line, `bb=2` (in a block: indented).
/// let range = Range::new(Position::new(2, 0), Position::new(2, 2));
/// let edits = range_edits(text, &LineIndex::new(text), range);
/// assert_eq!(edits.len(), 1);
/// assert_eq!(edits[0].new_text, "  bb = 2\n");
/// assert_eq!(edits[0].range, Range::new(Position::new(2, 0), Position::new(3, 0)));
/// ```
pub fn range_edits(text: &str, index: &LineIndex, range: Range) -> Vec<TextEdit> {
    let Some(formatted) = formatted(text) else {
        return Vec::new();
    };
    if formatted == text {
        return Vec::new();
    }
    let first = range.start.line as usize;
    // A range ending at the start of a line does not cover that line.
    let last = if range.end.character == 0 && range.end.line > range.start.line {
        range.end.line as usize - 1
    } else {
        range.end.line as usize
    };
    let old: Vec<&str> = text.split_inclusive('\n').collect();
    let new: Vec<&str> = formatted.split_inclusive('\n').collect();
    // Byte offset where each old line starts, and the end.
    let mut starts = Vec::with_capacity(old.len() + 1);
    let mut at = 0;
    for line in &old {
        starts.push(at);
        at += line.len();
    }
    starts.push(at);
    let edit = |lines: std::ops::Range<usize>, new_text: String| TextEdit {
        range: Range::new(
            index.position(text, starts[lines.start]),
            index.position(text, starts[lines.end]),
        ),
        new_text,
    };
    // Lines are compared without their white space, which is most of what formatting
    // changes: a line stays paired with its formatted line even when another line becomes
    // equal to it (Myers' diff of the texts themselves pairs `  }` with another `  }`).
    let key = |line: &&str| -> String { line.chars().filter(|c| !c.is_whitespace()).collect() };
    let old_keys: Vec<String> = old.iter().map(key).collect();
    let new_keys: Vec<String> = new.iter().map(key).collect();
    let mut diff = Replace::new(Capture::new());
    let Ok(()) = myers::diff(
        &mut diff,
        &old_keys,
        0..old_keys.len(),
        &new_keys,
        0..new_keys.len(),
    );
    let mut out = Vec::new();
    // Where in the old lines each change is (an insertion's own index is not relied on).
    let mut old_at = 0;
    for op in diff.into_inner().into_ops() {
        let (tag, old_lines, new_lines) = op.as_tag_tuple();
        let old_lines = old_at..old_at + old_lines.len();
        old_at = old_lines.end;
        match tag {
            DiffTag::Equal | DiffTag::Replace if old_lines.len() == new_lines.len() => {
                for (o, n) in old_lines.zip(new_lines) {
                    if first <= o && o <= last && old[o] != new[n] {
                        out.push(edit(o..o + 1, new[n].to_string()));
                    }
                }
            }
            _ => {
                // An insertion before line `start`, or lines removed or replaced by others.
                let inside = if old_lines.is_empty() {
                    first <= old_lines.start && old_lines.start <= last + 1
                } else {
                    first <= old_lines.start && old_lines.end - 1 <= last
                };
                if inside {
                    out.push(edit(old_lines, new[new_lines].concat()));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formatting::tests::apply;
    use lsp_types::Position;

    fn whole(text: &str) -> Range {
        let index = LineIndex::new(text);
        Range::new(Position::new(0, 0), index.position(text, text.len()))
    }

    #[test]
    fn the_whole_range_is_terrace_fmt() {
        for text in [
            "x = 1\ny=2\nz = 3\n",
            "locals {\na=1\n}\n",
            "a = 1",
            "",
            "# é😀\nb={c=1}\n",
            "a = 1\n\n\n",
            "a=1\n\n\n\nb=2\n",
        ] {
            let index = LineIndex::new(text);
            let want = formatted(text).unwrap_or_default();
            assert_eq!(
                apply(text, &range_edits(text, &index, whole(text))),
                want,
                "{text:?}"
            );
        }
    }

    #[test]
    fn lines_outside_the_range_stay() {
        // `terraform fmt -` (tf-fmt) of the text: "locals {\n  a   = 1\n  bbb = 2\n  c   = 3\n}\n".
        let text = "locals {\na=1\nbbb=2\nc=3\n}\n";
        let index = LineIndex::new(text);
        // The second attribute only: aligned with its neighbours as `terrace fmt` aligns it.
        let range = Range::new(Position::new(2, 1), Position::new(2, 3));
        assert_eq!(
            apply(text, &range_edits(text, &index, range)),
            "locals {\na=1\n  bbb = 2\nc=3\n}\n"
        );
        // Ending at the start of line 3: lines 1 and 2.
        let range = Range::new(Position::new(1, 0), Position::new(3, 0));
        assert_eq!(
            apply(text, &range_edits(text, &index, range)),
            "locals {\n  a   = 1\n  bbb = 2\nc=3\n}\n"
        );
    }

    #[test]
    fn nothing_for_broken_text_or_a_range_past_the_end() {
        let text = "a = (1\n";
        assert!(range_edits(text, &LineIndex::new(text), whole(text)).is_empty());
        let text = "a=1\n";
        let range = Range::new(Position::new(5, 0), Position::new(9, 0));
        assert!(range_edits(text, &LineIndex::new(text), range).is_empty());
    }
}
